// The bad-input catalog rows of the version-2 `model` section (issue 17; scenario-format.md
// `model`), for tst_badinputs.cpp, which includes this file after its CatalogRow, Expect, err()
// and kGood. The files are made by tests/data/bad/make_bad_model.py.
#pragma once

#include <QByteArray>
#include <QTest>

#include <vector>

namespace sml::test {

/// The catalog rows of the model files (tests/data/bad/scenario/*model*).
inline void addModelCatalogRows(std::vector<CatalogRow> &rows)
{
    using C = ErrorCategory;
    const auto row = [&rows](const char *name, const char *base, Expect expect,
                             const QStringList &parts) {
        rows.push_back(
            CatalogRow{name, QStringLiteral("scenario/%1.softmaxlab.json").arg(QLatin1String(base)),
                       expect, parts});
    };
    row("model: ragged embeddings", "model-embedding-ragged", err(C::Structure),
        {"model.tokens[1].embedding: expected 2 numbers (d_model from model.tokens[0].embedding), "
         "got 3"});
    row("model: no tokens", "model-tokens-empty", err(C::Structure),
        {"model.tokens: expected at least one token, got an empty array"});
    row("model: not an object", "model-not-object", err(C::Structure),
        {"model: expected an object, got an array"});
    row("model: w_q with 3 rows for d_model 2", "model-w-q-wrong-rows", err(C::Structure),
        {"model.heads[0].w_q: expected 2 rows (d_model from model.tokens[0].embedding), got 3"});
    row("model: a w_k row too short", "model-w-k-row-too-short", err(C::Structure),
        {"model.heads[0].w_k[1]: expected 2 numbers (d_k from model.heads[0].w_q[0]), got 1"});
    row("model: w_v with 1 row for d_model 2", "model-w-v-wrong-rows", err(C::Structure),
        {"model.heads[1].w_v: expected 2 rows (d_model from model.tokens[0].embedding), got 1"});
    row("model: d_k differs between heads", "model-d-k-differs-between-heads", err(C::Structure),
        {"model.heads[1].w_q[0]: expected 2 numbers (d_k from model.heads[0].w_q[0]), got 3"});
    row("model: d_v differs between heads", "model-d-v-differs-between-heads", err(C::Structure),
        {"model.heads[1].w_v[0]: expected 2 numbers (d_v from model.heads[0].w_v[0]), got 1"});
    row("model: w_o with 3 rows for H·d_v = 4", "model-w-o-wrong-rows", err(C::Structure),
        {"model.w_o: expected 4 rows (H·d_v = 2·2), got 3"});
    row("model: a w_o row longer than d_model", "model-w-o-row-too-long", err(C::Structure),
        {"model.w_o[3]: expected 2 numbers (d_model from model.tokens[0].embedding), got 3"});
    row("model: with queries", "model-with-queries", err(C::Structure),
        {"queries: not allowed with \"model\""});
    row("model: with keys", "model-with-keys", err(C::Structure),
        {"keys: not allowed with \"model\""});
    row("model: H = 0", "model-heads-empty", err(C::Structure),
        {"model.heads: expected at least one head (H ≥ 1), got an empty array"});
    row("model: H = 65", "model-heads-65", err(C::Limit),
        {"model.heads: H = 65 heads exceed the limit of 64"});
    row("model: a head without a label", "model-head-label-missing", err(C::Structure),
        {"model.heads[1].label: missing (expected a string)"});
    row("model: free variances, 1 entry for 2 heads", "model-variances-one-entry-for-two-heads",
        err(C::Structure), {"variance.variances: expected 2 entries (one per head"});
    row("model: free variances of a head with 2 rows for m = 3", "model-variances-head-wrong-rows",
        err(C::Structure), {"variance.variances[1]: expected 3 rows (one per query), got 2"});
    row("model: free variances of H = 1 not wrapped in a list of heads",
        "model-variances-not-wrapped-for-one-head", err(C::Structure),
        {"variance.variances: expected 1 entry (one per head, each an m×T array), got 3"});
    row("model: a free variance 0", "model-variances-zero", err(C::Structure),
        {"variance.variances[1][1][1]: expected a positive number, got 0"});
    row("model: targets, 1 entry for 2 heads", "model-targets-one-entry-for-two-heads",
        err(C::Structure), {"maxent.targets: expected 2 entries (one per head"});
    row("model: targets of a head with 2 entries for m = 3", "model-targets-head-wrong-length",
        err(C::Structure), {"maxent.targets[1]: expected 3 entries (one per query), got 2"});
    row("model: targets of a head a number", "model-targets-head-number", err(C::Structure),
        {"maxent.targets[0]: expected null or an array, got the number 0.5"});
    row("model: similarity overflows in head 2", "model-overflow-similarity", err(C::Overflow),
        {"model.heads[1]: query 3 (token \"sat\"): similarity overflows a double"});
    row("model: projection x·W_Q overflows", "model-overflow-projection", err(C::Overflow),
        {"model.heads[0]: query 0 (token \"the\"): projection x·W_Q overflows a double"});
    row("model: score f/τ overflows at τ = 1e-300", "model-overflow-score", err(C::Overflow),
        {"model.heads[0]: query 0 (token \"the\"): score f/τ overflows a double"});
    row("model: worked example D (good)", "good-model-example-d", kGood, {});
    row("model: H = 1 with its variances in a list of one (good)",
        "good-model-one-head-wrapped-variances", kGood, {});
    row("model: targets per head (good)", "good-model-targets-per-head", kGood, {});
    row("model: version 1 with a model member loads, with a warning (good)",
        "good-model-version1-unknown", kGood, {});
}

/// Model files too large to commit: the limits claimed by the counts (for generated_data()).
inline void addModelGeneratedRows()
{
    using C = ErrorCategory;
    const QByteArray rest = R"("temperature":{"mode":"sqrt_dk"},"mask":"none",)"
                            R"("variance":{"mode":"linked","sigma0_squared":1},)"
                            R"("maxent":{"targets":null}})";
    const auto model = [&rest](const QByteArray &tokens, const QByteArray &heads) {
        return R"({"format":"softmaxlab-scenario","version":2,"title":"t","model":{"tokens":)" +
               tokens + R"(,"heads":)" + heads + "}," + rest;
    };
    const auto list = [](const QByteArray &first, const QByteArray &other, int n) {
        QByteArray a = "[" + first;
        for (int i = 1; i < n; ++i)
            a += "," + other;
        return a + "]";
    };
    const QByteArray head = R"({"label":"h","w_q":[[1]],"w_k":[[1]],"w_v":[[1]]})";
    const QByteArray token = R"({"label":"t","embedding":[1]})";
    QTest::newRow("model: d_model = 4097 claimed by tokens[0]")
        << ".json"
        << model("[{\"label\":\"t\",\"embedding\":" + list("0", "0", 4097) + "}]", "[" + head + "]")
        << err(C::Limit) << QStringList{"d_model = 4097 exceeds the limit of 4096"};
    QTest::newRow("model: H·m·T = 2·5001·5001 claimed by the array lengths")
        << ".json" << model(list("0", "0", 5001), list("0", "0", 2)) << err(C::Limit)
        << QStringList{"model: H·m·T = 2·5001·5001 = 50020002 exceeds the limit of 50000000"};
    const QByteArray wide = list("0", "0", 400);
    QTest::newRow("model: H·((m + T)·d_k + T·d_v) beyond 5e7 claimed by heads[0]")
        << ".json"
        << model(list(token, "0", 1000),
                 list("{\"label\":\"h\",\"w_q\":[" + wide + "],\"w_v\":[" + wide + "]}", "0", 50))
        << err(C::Limit)
        << QStringList{"model: H·((m + T)·d_k + T·d_v) = 60000000 numbers exceed the limit"};
    QTest::newRow("model: H = 64 at the limit (good)")
        << ".json" << model(list(token, token, 2), list(head, head, 64)) << kGood << QStringList{};
}

} // namespace sml::test
