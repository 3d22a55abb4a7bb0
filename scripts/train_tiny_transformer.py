#!/usr/bin/python3
"""Train a tiny attention-only transformer on the U.S. Constitution and write two lessons.

The model (MATH.md §8; scenario-format.md, version-2 `model`): character tokens, learned token
and position embeddings (X = token embedding + position embedding), 2 layers of 4 causal heads
(d_model = 64, d_k = d_v = 16), each layer adding [O¹ … O⁴] W_O to the residual stream, then a
LayerNorm and an unembedding to the next character. There are no MLPs, no biases in W_Q, W_K,
W_V, W_O, and no LayerNorm before the heads, so head h of layer l computes exactly what a
SoftmaxLab model scenario computes: Q = X W_Q, K = X W_K, V = X W_V, scores Q Kᵀ / τ with
τ = √d_k = 4 (`"temperature": {"mode": "sqrt_dk"}`), a causal mask, the softmax.

Writes
  resources/scenarios/tiny-transformer-layer1.softmaxlab.json   layer 1's heads; X = the sample's
                                                                token + position embeddings
  resources/scenarios/tiny-transformer-layer2.softmaxlab.json   layer 2's heads; X = the residual
                                                                stream after layer 1
  tests/reference/tiny_transformer_attention.json               the attention of every head on
                                                                the sample, computed here in
                                                                float64 from the numbers exactly
                                                                as written to the lessons

Every statement about a head in the lesson notes is measured here, on the held-out last 10 % of
the text (never seen in training), not guessed.

Determinism: a fixed seed, one CPU thread, torch.use_deterministic_algorithms, and a fixed number
of steps (no time budget), so a run on the same machine and the same torch writes the same bytes.
The weights are written as the shortest decimals of the trained float32 numbers; from there on
everything (the lessons' X for layer 2, the recorded attention, the account, the held-out loss) is
computed in float64 from those decimals.

Training mixes in windows of a random string repeated (REPEATED below): with text alone no
layer-2 head became an induction head; with half the windows repeated strings, layer 1 grows a
previous-token head and layer 2 heads that copy.

Usage: /usr/bin/python3 scripts/train_tiny_transformer.py [--steps N] [--out-dir DIR]
(Debian's python3-torch 1.13 on the CPU: about 3 minutes of CPU time on one thread for the
6000 steps; 14 minutes of wall time on a busy shared 2-core machine; it prints both.)
"""

import argparse
import json
import math
import os
import time

import numpy as np
import torch

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEXT = os.path.join(REPO, "data", "us-constitution.txt")
SAMPLE = "for President or Vice President"  # verbatim in the held-out text (Amendment XXIV)

SEED = 17
D_MODEL, LAYERS, HEADS, D_HEAD = 64, 2, 4, 16
CONTEXT = 128  # positions the model learns; the sample uses the first len(SAMPLE)
BATCH = 8
LR = 1e-2
WARMUP = 200  # steps of linear learning-rate warm-up, then a cosine decay to 0
HELD_OUT = 0.1  # the last 10 % of the characters
# Induction: REPEATED of the BATCH windows of every step are not Constitution text but a random
# string of REPEAT_MIN to REPEAT_MAX lower-case letters written again and again to fill the window
# (the classic setting for an induction head: the only way to predict the letters after the first
# copy is to find the earlier occurrence of the current letter and copy the letter after it).
# Without them (text alone, or text with one repeated phrase) no head of layer 2 copied: its score
# on a random string written twice stayed at 0.01.
REPEATED = 4
REPEAT_MIN, REPEAT_MAX = 8, 40


# ---------------------------------------------------------------------------------------------
# The model


class AttentionOnly(torch.nn.Module):
    """x⁰ = E[token] + P[position]; xˡ = xˡ⁻¹ + [O¹ … O^H] W_Oˡ with O^h = softmax_causal(
    (xˡ⁻¹ W_Q)(xˡ⁻¹ W_K)ᵀ / √d_k)(xˡ⁻¹ W_V); logits = LayerNorm(x^L) W_U."""

    def __init__(self, vocab):
        super().__init__()
        g = lambda *shape, std: torch.nn.Parameter(torch.randn(*shape) * std)  # noqa: E731
        self.tok = g(vocab, D_MODEL, std=0.5)
        self.pos = g(CONTEXT, D_MODEL, std=0.5)
        self.w_q = g(LAYERS, HEADS, D_MODEL, D_HEAD, std=D_MODEL ** -0.5)
        self.w_k = g(LAYERS, HEADS, D_MODEL, D_HEAD, std=D_MODEL ** -0.5)
        self.w_v = g(LAYERS, HEADS, D_MODEL, D_HEAD, std=D_MODEL ** -0.5)
        self.w_o = g(LAYERS, HEADS * D_HEAD, D_MODEL, std=(HEADS * D_HEAD) ** -0.5)
        self.ln = torch.nn.LayerNorm(D_MODEL)  # after the last layer only: no head sees it
        self.w_u = g(D_MODEL, vocab, std=D_MODEL ** -0.5)

    def forward(self, idx, keep=None):
        """idx: (B, T) token ids. Returns logits (B, T, vocab). keep: a list that receives, per
        layer, (x before the layer (B, T, d_model), weights (B, H, T, T))."""
        T = idx.shape[1]
        x = self.tok[idx] + self.pos[:T]
        B = idx.shape[0]
        mask = torch.full((T, T), float("-inf"), dtype=x.dtype).triu(1)  # key t > query i
        for l in range(LAYERS):
            # One product for all of Q, K, V: (d_model, 3·H·d_k), then split per head.
            w_qkv = torch.cat([self.w_q[l], self.w_k[l], self.w_v[l]]).permute(1, 0, 2)
            qkv = (x @ w_qkv.reshape(D_MODEL, 3 * HEADS * D_HEAD)).view(B, T, 3, HEADS, D_HEAD)
            q, k, v = qkv.permute(2, 0, 3, 1, 4)  # each (B, H, T, d_k)
            s = (q @ k.transpose(-1, -2)) / math.sqrt(D_HEAD) + mask
            w = torch.softmax(s, dim=-1)
            if keep is not None:
                keep.append((x, w))
            o = (w @ v).transpose(1, 2).reshape(x.shape[0], T, HEADS * D_HEAD)
            x = x + o @ self.w_o[l]
        return self.ln(x) @ self.w_u


# ---------------------------------------------------------------------------------------------
# Training


def repeated_window(gen, letters):
    """A random string of REPEAT_MIN to REPEAT_MAX letters, repeated to CONTEXT + 1 tokens."""
    r = list(gen.choice(letters, size=gen.randint(REPEAT_MIN, REPEAT_MAX + 1)))
    return np.array((r * (CONTEXT // len(r) + 2))[:CONTEXT + 1], dtype=np.int64)


def train(model, train_ids, letters, steps, log):
    gen = np.random.RandomState(SEED)
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=0.01, betas=(0.9, 0.98))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / WARMUP) * 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps)))
    losses = []
    t0, c0 = time.time(), time.process_time()
    for step in range(steps):
        starts = gen.randint(0, len(train_ids) - CONTEXT - 1, size=BATCH)
        windows = [repeated_window(gen, letters) if b < REPEATED else train_ids[s:s + CONTEXT + 1]
                   for b, s in enumerate(starts)]
        data = torch.from_numpy(np.stack(windows))
        xb, yb = data[:, :-1], data[:, 1:]
        logits = model(xb)
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1))
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        losses.append(loss.item())
        if (step + 1) % 200 == 0 or step == 0:
            recent = sum(losses[-200:]) / len(losses[-200:])
            log(f"step {step + 1:5d}/{steps}  train loss {recent:.4f} nats/char  "
                f"{time.time() - t0:6.1f} s ({time.process_time() - c0:.1f} s CPU)")
    return sum(losses[-200:]) / len(losses[-200:]), time.time() - t0, time.process_time() - c0


# ---------------------------------------------------------------------------------------------
# From float32 training weights to the decimals written to the lessons


def as_written(t):
    """The shortest decimal of each float32 entry, read back as a float64 array: exactly the
    numbers a lesson file holds (json writes a float64 with repr, which keeps these digits)."""
    a = t.detach().cpu().numpy().astype(np.float32)
    return np.array([float(str(x)) for x in a.ravel()], dtype=np.float64).reshape(a.shape)


def float64_model(model, vocab):
    """The trained model with every parameter replaced by its written decimal, in float64."""
    m64 = AttentionOnly(vocab).double()
    with torch.no_grad():
        for (name, p), (_, p64) in zip(model.named_parameters(), m64.named_parameters()):
            p64.copy_(torch.from_numpy(as_written(p)))
    return m64


# ---------------------------------------------------------------------------------------------
# What each head does, measured on held-out text


def previous_space(ids, space):
    """For each position i, the last position u ≤ i whose token is a space (−1 if none)."""
    out, last = [], -1
    for i, t in enumerate(ids):
        if t == space:
            last = i
        out.append(last)
    return out


POSITIONAL = ("self", "previous", "two back", "first", "last space", "induction")
CLASSES = ("blank", "capital")  # blank: a space or a line break; capital: an upper-case letter


def measure_heads(m64, ids, chars):
    """Weights of every head on non-overlapping CONTEXT-long windows of ids, averaged over the
    queries i ≥ 1. Positional patterns (POSITIONAL): the mean weight on the token itself, the
    previous token, the one before, the first token of the window, the most recent space, and
    the induction targets (the tokens right after an earlier occurrence of the current and the
    previous token: u ≤ i with t[u−1] = t[i], t[u−2] = t[i−1]; over the queries that have one),
    and how often each holds the head's largest weight. Content patterns (CLASSES): the mean
    weight on the visible keys of a class and the mean share of the visible keys that are of
    that class (what a uniform head would give). Also the mean entropy (nats) of each row."""
    space = chars.index(" ")
    cls = np.array([[c in " \n" for c in chars], [c.isupper() for c in chars]])
    P = len(POSITIONAL)
    sums, wins = np.zeros((LAYERS, HEADS, P)), np.zeros((LAYERS, HEADS, P))
    counts, chance = np.zeros(P), np.zeros(P)
    on_class = np.zeros((LAYERS, HEADS, len(CLASSES)))
    class_share = np.zeros(len(CLASSES))
    entropy = np.zeros((LAYERS, HEADS))
    n = 0
    for start in range(0, len(ids) - CONTEXT + 1, CONTEXT):
        win = ids[start:start + CONTEXT]
        keep = []
        with torch.no_grad():
            m64(torch.from_numpy(np.array(win)).long()[None], keep)
        W = np.stack([w[0].numpy() for _, w in keep])  # (L, H, T, T)
        sp = previous_space(win, space)
        member = cls[:, win]  # (classes, T)
        for i in range(1, CONTEXT):
            n += 1
            row = W[:, :, i, :i + 1]
            entropy += -(row * np.log(np.where(row > 0, row, 1))).sum(-1)
            on_class += np.einsum("lht,ct->lhc", row, member[:, :i + 1])
            class_share += member[:, :i + 1].mean(-1)
            best = row.argmax(-1)
            targets = [
                [i], [i - 1], [i - 2] if i >= 2 else [], [0], [sp[i]] if sp[i] >= 0 else [],
                [u for u in range(2, i + 1) if win[u - 1] == win[i] and win[u - 2] == win[i - 1]],
            ]
            for p, us in enumerate(targets):
                if not us:
                    continue
                counts[p] += 1
                chance[p] += len(us) / (i + 1)
                sums[:, :, p] += row[:, :, us].sum(-1)
                wins[:, :, p] += np.isin(best, us)
    return {"mean": sums / counts, "top": wins / counts, "chance": chance / counts,
            "on_class": on_class / n, "class_share": class_share / n, "entropy": entropy / n}


def repeated_sequence_induction(m64, vocab_ids, length=40, trials=20):
    """The classic induction test: a random string of `length` letters, then the same string
    again. Returns the mean weight of every head, over the second copy's queries, on the token
    after the same token's first occurrence (i − length + 1), and the loss (nats/char) on the
    first and on the second copy."""
    gen = np.random.RandomState(SEED + 1)
    score = np.zeros((LAYERS, HEADS))
    loss1 = loss2 = 0.0
    for _ in range(trials):
        r = list(gen.choice(vocab_ids, size=length))
        seq = torch.tensor(r + r).long()[None]
        keep = []
        with torch.no_grad():
            logits = m64(seq, keep)
        W = np.stack([w[0].numpy() for _, w in keep])
        for i in range(length, 2 * length):
            score += W[:, :, i, i - length + 1] / length
        lp = torch.log_softmax(logits[0, :-1], -1).gather(1, seq[0, 1:, None])[:, 0].numpy()
        loss1 += -lp[:length - 1].mean()
        loss2 += -lp[length:].mean()
    return score / trials, loss1 / trials, loss2 / trials


def induction_targets(seq):
    """For each query i of seq, the keys u ≤ i right after an earlier occurrence of the current
    and the previous token (seq[u−1] = seq[i], seq[u−2] = seq[i−1]); measure_heads's rule."""
    return [[u for u in range(2, i + 1) if seq[u - 1] == seq[i] and seq[u - 2] == seq[i - 1]]
            for i in range(len(seq))]


def sample_induction(W, seq):
    """W: (L, H, T, T) weights on the sample. The mean weight of every head on the induction
    targets of the sample's queries that have one, and how many queries have one."""
    targets = induction_targets(seq)
    queries = [i for i in range(1, len(seq)) if targets[i]]
    score = np.zeros(W.shape[:2])
    for i in queries:
        score += W[:, :, i, targets[i]].sum(-1) / len(queries)
    return score, len(queries)


def account(m, induction, on_sample=None, sample_queries=0):
    """One measured sentence per head (m from measure_heads): its strongest positional pattern
    when that takes at least 0.3 of its weight; else a class of keys it favours at least twice
    as much as a uniform head would; else how widely it spreads (e^entropy: the effective
    number of keys, MATH.md §3). A head that puts at least 0.3 on the induction target of a
    random string written twice (repeated_sequence_induction) is also called an induction head,
    with its weight on the sample's induction targets (on_sample, over sample_queries queries)."""
    lines = {}
    for l in range(LAYERS):
        for h in range(HEADS):
            name, H = f"head {l + 1}.{h + 1}", m["entropy"][l, h]
            p = int(np.argmax(m["mean"][l, h]))
            lift = m["on_class"][l, h] / m["class_share"]
            c = int(np.argmax(lift))
            if m["mean"][l, h, p] >= 0.3:
                s = (f"{name} puts {m['mean'][l, h, p]:.2f} of its weight on "
                     f"{describe(POSITIONAL[p])}, its largest weight at "
                     f"{100 * m['top'][l, h, p]:.0f} % of positions")
                if POSITIONAL[p] == "induction":
                    s += (f" (chance: {m['chance'][p]:.2f}); on a random 40-letter string "
                          f"repeated, {induction[l, h]:.2f} on the letter after the first copy's")
            elif lift[c] >= 2:
                s = (f"{name} puts {m['on_class'][l, h, c]:.2f} of its weight on "
                     f"{describe(CLASSES[c])}, {lift[c]:.1f} times their share of the keys it "
                     f"sees ({m['class_share'][c]:.2f})")
            else:
                s = (f"{name} spreads its weight over about {math.exp(H):.0f} keys: no single "
                     f"pattern takes more than {m['mean'][l, h, p]:.2f}, the most going to "
                     f"{describe(POSITIONAL[p])}")
            s += f"; mean entropy {H:.2f} nats"
            if induction[l, h] >= 0.3 and POSITIONAL[p] != "induction":
                s += (f"; an induction head: on a random 40-letter string written twice it puts "
                      f"{induction[l, h]:.2f} of its weight on the letter after the earlier copy "
                      f"of the current one")
                if on_sample is not None:
                    s += (f", and on the sample {on_sample[l, h]:.2f} on the character after an "
                          f"earlier occurrence of the current two (mean over the "
                          f"{sample_queries} positions that have one)")
            lines[(l, h)] = s
    return lines


def repeat_sentence(induction, loss_first, loss_second):
    """What the repeated-random-string test shows: an induction head or not."""
    l, h = np.unravel_index(np.argmax(induction), induction.shape)
    s = (f"On a random string of 40 lower-case letters written twice, the loss is "
         f"{loss_first:.2f} nats per character on the first copy and {loss_second:.2f} on the "
         f"second; the most any head puts on the letter after the earlier copy of its own is "
         f"{induction[l, h]:.2f} (head {l + 1}.{h + 1})")
    if loss_second < loss_first - 0.5 and induction[l, h] > 0.3:
        heads = [f"{a + 1}.{b + 1} ({induction[a, b]:.2f})"
                 for a, b in zip(*np.nonzero(induction >= 0.3))]
        return (s + f": induction heads formed (at least 0.3: head{'s' if len(heads) > 1 else ''} "
                + ", ".join(heads) + "), and copying lowers the loss.")
    return s + ": no induction head formed in this run (the model does not copy)."


def describe(pattern):
    return {
        "self": "its own token",
        "previous": "the previous token",
        "two back": "the token two back",
        "first": "the first token of the window",
        "last space": "the most recent space, where the current word starts",
        "induction": ("the token after an earlier occurrence of the current two characters "
                      "(an induction head)"),
        "blank": "spaces and line breaks",
        "capital": "capital letters",
    }[pattern]


# ---------------------------------------------------------------------------------------------
# Writing the lessons and the recorded attention


def rows(a):
    return [[float(x) for x in r] for r in a]


def label(ch):
    return {" ": "␣", "\n": "↵"}.get(ch, ch)


def dumps(obj):
    """JSON with one matrix row per line (numbers in Python's shortest round-trip form)."""
    def enc(o, ind):
        pad = "  " * ind
        if isinstance(o, dict):
            items = [f'{pad}  {json.dumps(k)}: {enc(v, ind + 1).lstrip()}' for k, v in o.items()]
            return pad + "{\n" + ",\n".join(items) + "\n" + pad + "}"
        if isinstance(o, list) and o and all(isinstance(r, list) for r in o):
            return pad + "[\n" + ",\n".join(enc(r, ind + 1) for r in o) + "\n" + pad + "]"
        if isinstance(o, list) and o and isinstance(o[0], dict):
            return pad + "[\n" + ",\n".join(enc(r, ind + 1) for r in o) + "\n" + pad + "]"
        return pad + json.dumps(o, ensure_ascii=False, allow_nan=False)
    return enc(obj, 0) + "\n"


def write_atomically(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    os.replace(tmp, path)
    print(f"wrote {os.path.relpath(path, REPO)} ({os.path.getsize(path)} bytes)")


def head_attention(X, wq, wk):
    """MATH.md §2 with a causal mask, in float64, as SoftmaxLab computes it: shifted softmax of
    (X W_Q)(X W_K)ᵀ / √d_k over t ≤ i; masked weights are 0."""
    S = (X @ wq) @ (X @ wk).T / math.sqrt(wq.shape[1])
    T = len(X)
    W = np.zeros((T, T))
    for i in range(T):
        s = S[i, :i + 1]
        e = np.exp(s - s.max())
        W[i, :i + 1] = e / e.sum()
    return W


def lesson(layer, X, m64, notes):
    l = layer - 1
    heads = [{"label": f"head {layer}.{h + 1}",
              "w_q": rows(m64.w_q[l, h].detach().numpy()),
              "w_k": rows(m64.w_k[l, h].detach().numpy()),
              "w_v": rows(m64.w_v[l, h].detach().numpy())} for h in range(HEADS)]
    what = ("the token embeddings plus the learned position embeddings" if layer == 1 else
            "the residual stream after layer 1: the layer-1 embeddings plus layer 1's "
            "Y = [O¹ … O⁴] W_O (the layer-1 lesson's multi-head output)")
    return {
        "format": "softmaxlab-scenario",
        "version": 2,
        # Short: the window adds " — head 2.1", and a longer title took three lines at 1280×800
        # (the sample is in the notes and the token labels).
        "title": f"Trained transformer, layer {layer}",
        "description": notes + f"\n\nThis file: layer {layer}. X is {what}.",
        "model": {
            "tokens": [{"label": label(c), "embedding": [float(v) for v in x]}
                       for c, x in zip(SAMPLE, X)],
            "heads": heads,
            "w_o": rows(m64.w_o[l].detach().numpy()),
        },
        "temperature": {"mode": "sqrt_dk"},
        "mask": "causal",
        "variance": {"mode": "linked", "sigma0_squared": 1.0},
        "maxent": {"targets": None},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=6000)
    ap.add_argument("--out-dir", default=os.path.join(REPO, "resources", "scenarios"))
    ap.add_argument("--reference",
                    default=os.path.join(REPO, "tests", "reference", "tiny_transformer_attention.json"))
    args = ap.parse_args(argv)

    torch.set_num_threads(1)
    torch.manual_seed(SEED)
    torch.use_deterministic_algorithms(True)

    with open(TEXT, encoding="utf-8") as fh:
        text = fh.read()
    chars = sorted(set(text))
    stoi = {c: i for i, c in enumerate(chars)}
    ids = np.array([stoi[c] for c in text], dtype=np.int64)
    cut = int(len(ids) * (1 - HELD_OUT))
    train_ids, held_ids = ids[:cut], ids[cut:]
    assert SAMPLE in text[cut:], "the sample must come from the held-out text"
    print(f"{len(text)} characters, {len(chars)} distinct; training on the first {cut}, "
          f"held out {len(held_ids)}")

    letters = [stoi[c] for c in chars if c.isalpha() and c.islower()]
    model = AttentionOnly(len(chars))
    train_loss, seconds, cpu_seconds = train(model, train_ids, letters, args.steps, print)

    m64 = float64_model(model, len(chars))
    with torch.no_grad():
        h = torch.from_numpy(held_ids).long()
        losses = []
        for s in range(0, len(h) - CONTEXT, CONTEXT):
            lg = m64(h[s:s + CONTEXT][None])
            losses.append(torch.nn.functional.cross_entropy(lg[0], h[s + 1:s + CONTEXT + 1]).item())
        held_loss = float(np.mean(losses))
    unigram = -np.mean(np.log(np.bincount(train_ids, minlength=len(chars))[held_ids] / len(train_ids)
                              + 1e-12))
    measured = measure_heads(m64, list(held_ids), chars)
    induction, loss_first, loss_second = repeated_sequence_induction(m64, letters)
    # The sample through the float64 model: X of each layer as the lesson will hold it.
    sample = torch.tensor([stoi[c] for c in SAMPLE]).long()[None]
    keep = []
    with torch.no_grad():
        m64(sample, keep)
    Xs = [x[0].numpy() for x, _ in keep]
    on_sample, sample_queries = sample_induction(np.stack([w[0].numpy() for _, w in keep]), SAMPLE)

    lines = account(measured, induction, on_sample, sample_queries)
    for k in sorted(lines):
        print(lines[k])
    print(repeat_sentence(induction, loss_first, loss_second))

    notes = (
        "A real, trained model. scripts/train_tiny_transformer.py trained a 2-layer, "
        "4-heads-per-layer attention-only transformer (d_model = 64, d_k = d_v = 16, character "
        f"tokens, learned position embeddings, no MLPs, no biases, no LayerNorm before the heads; "
        f"seed {SEED}, {args.steps} steps of {BATCH}×{CONTEXT} characters, one CPU thread) on the "
        f"first 90 % of the U.S. Constitution (data/us-constitution.txt); in {REPEATED} of the "
        f"{BATCH} windows of every step the text was replaced by a random string of "
        f"{REPEAT_MIN} to {REPEAT_MAX} lower-case letters written again and again, the classic "
        "exercise that makes induction heads form (copy what followed the last time). Its loss on the held-out "
        f"last 10 % is {held_loss:.2f} nats per character (a unigram model: {unigram:.2f}). Each "
        "head computes exactly what this file shows: Q = X W_Q, K = X W_K, V = X W_V, weights "
        "softmax(Q Kᵀ/√16) with a causal mask.\n\n"
        "What the heads do, measured on the held-out text (mean over every query position):\n"
        + "\n".join("- " + lines[k] + "." for k in sorted(lines))
        + "\n" + repeat_sentence(induction, loss_first, loss_second)
        + f"\n\nThe sample \"{SAMPLE}\" is from Amendment XXIV, in the held-out text; ␣ "
        "stands for a space. Head l.h is head h of the layer-l file: softmaxlab --report FILE "
        "--head h prints its numbers, softmaxlab --export DIR FILE --head h draws its views.")

    os.makedirs(args.out_dir, exist_ok=True)
    record = {"sample": SAMPLE,
              "lessons": []}
    for layer in (1, 2):
        name = f"tiny-transformer-layer{layer}.softmaxlab.json"
        sc = lesson(layer, Xs[layer - 1], m64, notes)
        text_out = dumps(sc)
        assert json.loads(text_out) == sc
        write_atomically(os.path.join(args.out_dir, name), text_out)
        # The recorded attention, from the file's numbers exactly as written.
        back = json.loads(text_out)["model"]
        X = np.array([t["embedding"] for t in back["tokens"]])
        heads = []
        for hd in back["heads"]:
            W = head_attention(X, np.array(hd["w_q"]), np.array(hd["w_k"]))
            heads.append({"label": hd["label"], "weights": rows(W)})
        # Check: the torch float64 forward pass gave the same weights.
        torch_w = keep[layer - 1][1][0].numpy()
        assert np.abs(torch_w - np.array([h_["weights"] for h_ in heads])).max() < 1e-12
        record["lessons"].append({"file": "resources/scenarios/" + name, "heads": heads})
    record["account"] = [lines[k] for k in sorted(lines)]
    record["training"] = {"steps": args.steps, "train_loss": round(train_loss, 4),
                          "held_out_loss": round(held_loss, 4)}
    write_atomically(args.reference, dumps(record))
    print(f"training took {seconds:.0f} s ({cpu_seconds:.0f} s CPU); final train loss {train_loss:.4f}, "
          f"held-out loss {held_loss:.4f} nats/char")


if __name__ == "__main__":
    main()
