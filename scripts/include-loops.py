#!/usr/bin/env python3
"""Include loops: which files of a folder depend on each other in a circle.

A unit is a source file with its header (bot/tables/play.c with
bot/tables/play.h).  Unit A depends on unit B when A's .c or .h
includes B's header.  A loop is a strongly connected set of two or more
units: each reaches every other through includes.  Prints each loop
with the includes that close it, then one summary line.

    python3 scripts/include-loops.py [FOLDER ...]    (default: bot)
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def units(folders):
    found = {}
    for folder in folders:
        for dirpath, _, names in os.walk(folder):
            for name in names:
                if name.endswith(('.c', '.h')):
                    path = os.path.join(dirpath, name)
                    found.setdefault(path[:-2], []).append(path)
    return found


def graph(found):
    edges = {u: set() for u in found}
    for unit, paths in found.items():
        for path in paths:
            with open(path, encoding='utf-8') as f:
                for inc in INCLUDE.findall(f.read()):
                    other = inc[:-2] if inc.endswith('.h') else None
                    if other in found and other != unit:
                        edges[unit].add(other)
    return edges


def loops(edges):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = n[0]
        n[0] += 1
        stack.append(root)
        on.add(root)
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
    return out


def main():
    folders = sys.argv[1:] or ['bot']
    found = units(folders)
    edges = graph(found)
    comps = loops(edges)
    inside = 0
    for comp in sorted(comps, key=len, reverse=True):
        members = set(comp)
        ties = [(a, b) for a in comp for b in sorted(edges[a]) if b in members]
        inside += len(ties)
        print('loop of %d units:' % len(comp))
        for a, b in ties:
            print('  %s -> %s' % (a, b))
    biggest = max((len(c) for c in comps), default=0)
    print('%d units, %d loops, biggest %d units, %d includes inside loops'
          % (len(found), len(comps), biggest, inside))


if __name__ == '__main__':
    main()
