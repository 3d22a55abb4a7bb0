#!/usr/bin/python3
"""Turns the JSON lines of bench/run.sh into the table of issue 5 (or one JSON document).

    report.py results.jsonl          the table, with every target and "met"/"missed"
    report.py --json results.jsonl   {"machine": …, "rows": […], "targets": […]}
"""
import argparse
import json
import sys

SIZES = [(3, 2), (64, 16), (512, 64), (2048, 64), (4096, 64)]


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith('{'):
                rows.append(json.loads(line))
    return rows


def ms(x):
    if x is None:
        return '—'
    if x < 0.01:
        return f'{x * 1000:.2f} µs'
    if x < 1:
        return f'{x * 1000:.0f} µs'
    if x < 100:
        return f'{x:.2f} ms'
    return f'{x:.0f} ms'


def ratio(x):
    return '—' if x is None else f'{x:.3f}'


def pick(rows, **kw):
    return [r for r in rows if all(r.get(k) == v for k, v in kw.items())]


def one(rows, **kw):
    found = pick(rows, **kw)
    return found[0] if found else None


def table(header, body):
    widths = [max(len(str(c)) for c in col) for col in zip(header, *body)]
    line = lambda cells: '| ' + ' | '.join(str(c).ljust(w) for c, w in zip(cells, widths)) + ' |'
    out = [line(header), '|' + '|'.join('-' * (w + 2) for w in widths) + '|']
    out += [line(r) for r in body]
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('results')
    ap.add_argument('--json', action='store_true')
    args = ap.parse_args()
    rows = load(args.results)
    machine = one(rows, bench='machine') or {}
    after = one(rows, bench='machine-after') or {}
    builds = [b for b in ('native', 'portable') if pick(rows, bench='core', build=b)]

    # The faster peer per size, over the OpenBLAS core types tried.
    peers = {}
    for r in pick(rows, bench='peers'):
        key = (r['T'], r['d_k'])
        p = peers.setdefault(key, {'numpy_ms': None, 'torch_ms': None, 'mpl_update_ms': None,
                                   'mpl_notebook_ms': None, 'numpy_cfg': '', 'torch_cfg': ''})
        for k in ('numpy_ms', 'torch_ms'):
            if p[k] is None or r[k] < p[k]:
                p[k] = r[k]
                p[k.split('_')[0] + '_cfg'] = r.get('build', '') + (
                    f", {r.get('torch_threads')} thr" if k == 'torch_ms' else '')
        for k in ('mpl_update_ms', 'mpl_notebook_ms'):
            if k in r and (p[k] is None or r[k] < p[k]):
                p[k] = r[k]
    for p in peers.values():
        vals = [v for v in (p['numpy_ms'], p['torch_ms']) if v is not None]
        p['faster_ms'] = min(vals) if vals else None
        mvals = [v for v in (p['mpl_update_ms'], p['mpl_notebook_ms']) if v is not None]
        p['mpl_ms'] = min(mvals) if mvals else None

    doc = {'machine': machine, 'machine_after': after, 'core': [], 'window': [], 'startup': [],
           'peers': [], 'targets': []}
    lines = []
    lines.append('SoftmaxLab benchmarks (issue 5) — medians over repeated runs')
    lines.append(f"{machine.get('date', '?')}  ·  {machine.get('cpu', '?')}, "
                 f"{machine.get('cores', '?')} cores, AVX2 {machine.get('flags_avx2')}, "
                 f"AVX-512 {machine.get('flags_avx512f')}  ·  commit {machine.get('commit', '?')}"
                 f"{' + local changes' if machine.get('dirty') else ''}")
    lines.append(f"load average before {machine.get('load_before', '?')}, "
                 f"after {after.get('load_after', '?')} (other processes skew every number)")
    info = pick(rows, bench='peers-info')
    for i in info:
        lines.append(f"peers ({i.get('build')}): NumPy {i.get('numpy')} and PyTorch "
                     f"{i.get('torch')} use {', '.join(i.get('mapped_blas', [])) or '?'}; "
                     f"torch {i.get('torch_blas_info', '').replace('- Build settings: ', '')}, "
                     f"default threads {i.get('torch_default_threads')}")
    lines.append('')

    # --- core -------------------------------------------------------------------------------
    lines.append('Core: recompute after one edit (validation + Analysis: f, w, entropies, log Z, '
                 'ô and λ for every query)')
    header = ['T×d_k', 'build', 'validate', 'Analysis', 'lean', 'recompute (updated)',
              'recompute (full)', 'before: validate with Q·Kᵀ', 'NumPy', 'PyTorch',
              'ours/faster peer']
    body = []
    for b in builds:
        for T, d in SIZES:
            c = one(rows, bench='core', build=b, T=T, d_k=d)
            if not c:
                continue
            p = peers.get((T, d), {})
            r = c['recompute_ms'] / p['faster_ms'] if p.get('faster_ms') else None
            c = dict(c, ratio=r)
            doc['core'].append(c)
            body.append([f'{T}×{d}', b, ms(c['validate_ms']), ms(c['analysis_full_ms']),
                         ms(c['analysis_lean_ms']),
                         ms(c['recompute_ms']) + (' (lean)' if c.get('document_lean') else ''),
                         ms(c.get('recompute_full_ms')), ms(c['validate_with_gemm_ms']), ms(p.get('numpy_ms')),
                         ms(p.get('torch_ms')), ratio(r)])
    lines.append(table(header, body))
    lines.append('')

    # The normalizer alone (issue 16): computeAttention, lean, softmax beside α-entmax.
    lines.append('Normalizer: computeAttention for all queries (lean), the softmax beside '
                 'α-entmax (MATH.md §7.2)')
    header = ['T×d_k', 'build', 'softmax', 'sparsemax (α = 2)', '1.5-entmax', 'α = 1.25 (bisection)',
              'worst/softmax']
    body = []
    for b in builds:
        for T, d in SIZES:
            c = one(rows, bench='core', build=b, T=T, d_k=d)
            if not c or 'attention_softmax_ms' not in c:
                continue
            soft = c['attention_softmax_ms']
            ent = [c.get(k) for k in ('attention_sparsemax_ms', 'attention_entmax15_ms',
                                      'attention_entmax_bisect_ms')]
            worst = max((e for e in ent if e is not None), default=None)
            body.append([f'{T}×{d}', b, ms(soft)] + [ms(e) for e in ent] +
                        [ratio(worst / soft if worst is not None and soft else None)])
    lines.append(table(header, body))
    lines.append('')

    # --- window ------------------------------------------------------------------------------
    lines.append('Window: edit → every visible view replotted (offscreen, 1440×900, real '
                 'MainWindow); the drag: 60 edits 16 ms apart')
    header = ['T×d_k', 'build', 'mode', 'heatmap tab', 'worst tab', 'drag: longest stall',
              'matplotlib redraw', 'heatmap tab/matplotlib']
    body = []
    for b in builds:
        for T, d in SIZES:
            w = one(rows, bench='window', build=b, T=T, d_k=d)
            if not w:
                continue
            p = peers.get((T, d), {})
            worst = max(w.get('tabs', []), key=lambda t: t['edit_to_replot_ms'], default=None)
            r = w['heatmap_tab_ms'] / p['mpl_ms'] if p.get('mpl_ms') else None
            w = dict(w, ratio=r)
            doc['window'].append(w)
            mode = ('async' if w.get('async') else 'sync') + (', lean' if w.get('lean') else '')
            body.append([f'{T}×{d}', b, mode, ms(w['heatmap_tab_ms']),
                         f"{ms(w['worst_tab_ms'])} ({worst['tab'] if worst else '?'})",
                         ms(w.get('drag_longest_stall_ms')), ms(p.get('mpl_ms')), ratio(r)])
    lines.append(table(header, body))
    doc['window_model'] = []
    for b in builds:
        for w in pick(rows, bench='window-model', build=b):
            doc['window_model'].append(w)
            worst = max(w.get('tabs', []), key=lambda t: t['edit_to_replot_ms'], default=None)
            mode = ('async' if w.get('async') else 'sync') + (', lean' if w.get('lean') else '')
            body_m = [f"model H={w['model_H']} d_model={w['d_model']} T={w['T']}", b, mode,
                      ms(w['heatmap_tab_ms']),
                      f"{ms(w['worst_tab_ms'])} ({worst['tab'] if worst else '?'})",
                      ms(w.get('drag_longest_stall_ms')), '', '']
            lines.append(table(header, [body_m]).split('\n')[-1])
    tabs = [w for w in doc['window'] + doc['window_model'] if w.get('build') == 'native']
    if tabs:
        lines.append('per tab (native): ' + '; '.join(
            ('model ' if 'model_H' in w else '') + f"{w['T']}: " + ', '.join(f"{t['tab']} {ms(t['edit_to_replot_ms'])}"
                                      for t in w.get('tabs', [])) for w in tabs))
    lines.append('')

    # --- start-up, memory, peers --------------------------------------------------------------
    lines.append('Start-up: process start → first frame painted (bench-only first-paint probe)')
    header = ['what', 'build', 'first paint', 'start → exit', 'peak RSS']
    body = []
    for s in pick(rows, bench='startup'):
        doc['startup'].append(s)
        if 'error' in s:
            body.append([s['label'], s.get('build', ''), 'error', s['error'][-80:], ''])
            continue
        body.append([s['label'], s['build'], ms(s['first_paint_ms']), ms(s['process_to_exit_ms']),
                     f"{s['peak_rss_mb']:.0f} MB"])
    h = one(rows, bench='hyperfine')
    if h:
        body.append(['hyperfine (default scenario)', h['build'], '', ms(h['median_ms']), ''])
    lines.append(table(header, body))
    lines.append('')
    lines.append('Peers (best of each; OpenBLAS core types tried: '
                 + ', '.join(sorted({r.get('build', '') for r in pick(rows, bench='peers')})) + ')')
    header = ['T×d_k', 'NumPy', 'PyTorch', 'matplotlib update+draw', 'matplotlib build+draw']
    body = []
    for T, d in SIZES:
        p = peers.get((T, d))
        if not p:
            continue
        doc['peers'].append(dict(p, T=T, d_k=d))
        body.append([f'{T}×{d}', f"{ms(p['numpy_ms'])} ({p['numpy_cfg']})",
                     f"{ms(p['torch_ms'])} ({p['torch_cfg']})", ms(p['mpl_update_ms']),
                     ms(p['mpl_notebook_ms'])])
    lines.append(table(header, body))
    lines.append('')

    # --- targets -------------------------------------------------------------------------------
    def target(what, goal, value, met, note=''):
        doc['targets'].append({'what': what, 'target': goal, 'measured': value,
                               'met': bool(met) if met is not None else None, 'note': note})

    def window_of(T, d, b='native'):
        return one(doc['window'], T=T, d_k=d, build=b)

    for T, d, goal in ((64, 16, 8.0), (512, 64, 16.0)):
        w = window_of(T, d)
        v = w['worst_tab_ms'] if w else None
        target(f'edit → all views replotted, T = {T} (worst tab)', f'≤ {goal:g} ms', ms(v),
               v is not None and v <= goal, f'{v / goal:.2f}× the target' if v else '')
    m = one(doc['window_model'], build='native')
    v = m['worst_tab_ms'] if m else None
    target('model H = 8, d_model = 512, T = 512: embedding edit → all views replotted '
           '(worst tab)', '≤ 33 ms', ms(v), v is not None and v <= 33,
           f'{v / 33:.2f}× the target' if v else '')
    s = one(doc['startup'], label='open T=4096 file', build='native')
    v = s.get('first_paint_ms') if s else None
    target('open T = 4096 file and first full paint', '≤ 1 s', ms(v),
           v is not None and v <= 1000, f'{v / 1000:.2f}× the target' if v else '')
    stalls = [(w['T'], w['drag_longest_stall_ms']) for w in doc['window']
              if w.get('build') == 'native' and 'drag_longest_stall_ms' in w]
    if stalls:
        worst = max(stalls, key=lambda x: x[1])
        target('longest GUI stall during a drag (T ≥ 512)', '≤ 50 ms',
               f'{ms(worst[1])} (T = {worst[0]})', worst[1] <= 50,
               ', '.join(f'T={t}: {ms(x)}' for t, x in stalls))
    cores = [c for c in doc['core'] if c.get('build') == 'native' and c.get('ratio') is not None]
    if cores:
        worst = max(cores, key=lambda c: c['ratio'])
        target('core recompute / faster of NumPy and PyTorch, every size', '≤ 0.5',
               f"{worst['ratio']:.3f} (worst, T = {worst['T']})",
               all(c['ratio'] <= 0.5 for c in cores),
               ', '.join(f"T={c['T']}: {c['ratio']:.3f}" for c in cores))
    # Issue 19: α-entmax (α = 1.5 and 2) within twice the softmax at every size.
    ents = []
    for c in doc['core']:
        if c.get('build') != 'native' or not c.get('attention_softmax_ms'):
            continue
        worst_ent = max(c.get('attention_sparsemax_ms') or 0, c.get('attention_entmax15_ms') or 0)
        ents.append((c['T'], worst_ent / c['attention_softmax_ms']))
    if ents:
        worst = max(ents, key=lambda x: x[1])
        target('entmax (α = 1.5, 2) recompute / softmax recompute, every size', '≤ 2',
               f'{worst[1]:.2f} (worst, T = {worst[0]})', all(r <= 2 for _, r in ents),
               ', '.join(f'T={t}: {r:.2f}' for t, r in ents))
    c = one(doc['core'], T=4096, d_k=64, build='native')
    v = c['recompute_ms'] if c else None
    target('core recompute, T = 4096', '≤ 300 ms', ms(v), v is not None and v <= 300,
           f'{v / 300:.2f}× the target' if v else '')
    wins = [w for w in doc['window'] if w.get('build') == 'native' and w.get('ratio') is not None]
    if wins:
        worst = max(wins, key=lambda w: w['ratio'])
        target('window redraw / matplotlib redraw, every size', '≤ 0.1',
               f"{worst['ratio']:.3f} (worst, T = {worst['T']})",
               all(w['ratio'] <= 0.1 for w in wins),
               ', '.join(f"T={w['T']}: {w['ratio']:.3f}" for w in wins))
    s = one(doc['startup'], label='default scenario', build='native')
    v = s.get('first_paint_ms') if s else None
    target('start-up to first frame (default scenario)', '≤ 0.5 s', ms(v),
           v is not None and v <= 500, f'{v / 500:.2f}× the target' if v else '')
    rss = [x for x in (
        (one(doc['window'], T=4096, d_k=64, build='native') or {}).get('peak_rss_mb'),
        (one(doc['startup'], label='open T=4096 file', build='native') or {}).get('peak_rss_mb'))
        if x is not None]
    v = max(rss) if rss else None
    target('peak RSS at T = 4096 (open, edit, drag)', '≤ 500 MB',
           f'{v:.0f} MB' if v else '—', v is not None and v <= 500,
           'max of the window bench (edits, drag) and opening a T = 4096 file')

    lines.append('Targets (native build, the one scripts/run.sh makes)')
    body = [[t['what'], t['target'], t['measured'],
             'met' if t['met'] else 'missed', t['note']] for t in doc['targets']]
    lines.append(table(['what', 'target', 'measured', 'result', 'detail'], body))

    if args.json:
        json.dump(doc, sys.stdout, indent=1, ensure_ascii=False)
        print()
    else:
        print('\n'.join(lines))


if __name__ == '__main__':
    main()
