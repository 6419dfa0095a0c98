#!/usr/bin/env python3
"""Loops among the files of bot/: which depend on each other in a circle.

    python3 scripts/loops.py [--calls] [--edges] [FOLDER ...]  (default: bot)

By includes (the default): a unit is a source file with its header
(bot/tables/play.c with bot/tables/play.h); unit A depends on B when
A's .c or .h includes B's header.

By calls (--calls): file A depends on B when A calls a function B
defines (definitions from ctags, Debian's universal-ctags; a static
function resolves only in its own file; a call is `name(` outside
comments and strings).

A loop is a strongly connected set of two or more: each reaches every
other.  Prints each loop (with --edges, the ties that close it), then
one summary line.
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
STRIP = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'
                   r"'(?:\\.|[^'\\\n])*'", re.S)
CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')


def sources(folders, ends):
    found = []
    for folder in folders:
        for dirpath, _, names in os.walk(folder):
            found += [os.path.join(dirpath, n) for n in names
                      if n.endswith(ends)]
    return sorted(found)


def include_graph(folders):
    """Units (paths without .c/.h) -> {unit: {unit it includes: names}}."""
    units = defaultdict(list)
    for path in sources(folders, ('.c', '.h')):
        units[path[:-2]].append(path)
    edges = {u: defaultdict(set) for u in units}
    for unit, paths in units.items():
        for path in paths:
            with open(path, encoding='utf-8') as f:
                for inc in INCLUDE.findall(f.read()):
                    other = inc[:-2]
                    if inc.endswith('.h') and other in units and \
                            other != unit:
                        edges[unit][other].add(os.path.basename(inc))
    return edges


def call_graph(folders):
    """Files -> {file: {file whose functions it calls: the names}}."""
    files = sources(folders, ('.c',))
    tags = subprocess.run(['ctags', '-f', '-', '--c-kinds=f',
                           '--fields=+nK'] + files, capture_output=True,
                          text=True, check=True).stdout
    public, static = {}, defaultdict(set)
    for line in tags.splitlines():
        parts = line.split('\t')
        if 'file:' in parts[3:]:
            static[parts[1]].add(parts[0])
        else:
            public[parts[0]] = parts[1]
    edges = {f: defaultdict(set) for f in files}
    for f in files:
        with open(f, encoding='utf-8') as fh:
            text = re.sub(r'^#.*$', ' ', STRIP.sub(' ', fh.read()),
                          flags=re.M)
        for name in CALL.findall(text):
            g = public.get(name)
            if name not in static[f] and g is not None and g != f:
                edges[f][g].add(name)
    return edges


def loops(edges):
    """Tarjan's strongly connected components of two or more, iteratively."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]
    for root in sorted(edges):
        if root in index:
            continue
        index[root] = low[root] = n[0]
        n[0] += 1
        stack.append(root)
        on.add(root)
        work = [(root, iter(sorted(edges[root])))]
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
            elif nxt not in index:
                index[nxt] = low[nxt] = n[0]
                n[0] += 1
                stack.append(nxt)
                on.add(nxt)
                work.append((nxt, iter(sorted(edges[nxt]))))
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
    return sorted(out, key=len, reverse=True)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    by_calls = '--calls' in sys.argv
    edges = (call_graph if by_calls else include_graph)(args or ['bot'])
    comps = loops(edges)
    ties = 0
    for comp in comps:
        members = set(comp)
        print('loop of %d: %s' % (len(comp), ' '.join(comp)))
        for a in comp:
            for b in sorted(edges[a]):
                if b in members:
                    ties += 1
                    if '--edges' in sys.argv:
                        print('  %s -> %s: %s' % (a, b,
                              ' '.join(sorted(edges[a][b]))))
    print('%d %s, %d loops, biggest %d, %d in loops, %d ties inside them'
          % (len(edges), 'files by calls' if by_calls else
             'units by includes', len(comps),
             len(comps[0]) if comps else 0, sum(map(len, comps)), ties))


if __name__ == '__main__':
    main()
