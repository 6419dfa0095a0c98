#!/usr/bin/env python3
"""Call graph between the .c files of bot/ and its call loops.

Usage: python3 scripts/call-loops.py [ROOT] [--edges] [--refs] [--drop=A:B ...]
  ROOT     the tree (default: the current directory); reads ROOT/bot/**/*.c
  --edges  print every edge of each loop (file -> file: functions)
  --refs   also count a function named without a call (taken as a pointer)
  --drop=A:B  leave out the calls from file A to file B (paths from ROOT),
           to see the loops once a planned move has happened

Needs ctags (Debian: universal-ctags).  Definitions come from ctags (static ones resolve only in their own file);
a call is `identifier(` outside comments and strings.  The strongly
connected components of the file graph are the loops; for each one it
prints its files and the edges inside it.
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

args = [a for a in sys.argv[1:] if not a.startswith('--')]
root = args[0] if args else '.'
show_edges = '--edges' in sys.argv
refs = '--refs' in sys.argv
drops = {tuple(a[len('--drop='):].split(':', 1)) for a in sys.argv[1:]
         if a.startswith('--drop=')}

files = []
for d, _, fs in os.walk(os.path.join(root, 'bot')):
    for f in fs:
        if f.endswith('.c'):
            files.append(os.path.relpath(os.path.join(d, f), root))
files.sort()

out = subprocess.run(['ctags', '-f', '-', '--c-kinds=f', '--fields=+nK']
                     + files, cwd=root, capture_output=True, text=True,
                     check=True).stdout
public = {}                      # name -> file
static = defaultdict(set)        # file -> names
for line in out.splitlines():
    parts = line.split('\t')
    name, path = parts[0], parts[1]
    if any(p == 'file:' for p in parts[3:]):
        static[path].add(name)
    else:
        public[name] = path

strip_re = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'
                      r"'(?:\\.|[^'\\\n])*'", re.S)
call_re = re.compile(r'\b([A-Za-z_]\w*)\s*\(' if not refs
                     else r'\b([A-Za-z_]\w*)\b')

edges = defaultdict(lambda: defaultdict(set))   # a -> b -> {fn}
for f in files:
    with open(os.path.join(root, f)) as fh:
        text = strip_re.sub(' ', fh.read())
    text = re.sub(r'^#.*$', ' ', text, flags=re.M)   # includes, macros
    for m in call_re.finditer(text):
        name = m.group(1)
        if name in static[f]:
            continue
        g = public.get(name)
        if g is None or g == f or (f, g) in drops:
            continue
        edges[f][g].add(name)

# Tarjan's strongly connected components.
index, low, stack, on, sccs = {}, {}, [], set(), []
counter = [0]


def strong(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in sorted(edges[v]):
        if w not in index:
            strong(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        sccs.append(sorted(comp))


sys.setrecursionlimit(10000)
for f in files:
    if f not in index:
        strong(f)

loops = sorted((c for c in sccs if len(c) > 1), key=len, reverse=True)
print('%d files, %d call edges between files' %
      (len(files), sum(len(v) for v in edges.values())))
print('loops: %d; biggest: %d files; files in loops: %d' %
      (len(loops), len(loops[0]) if loops else 0, sum(map(len, loops))))
for c in loops:
    members = set(c)
    print('\nloop of %d: %s' % (len(c), ' '.join(c)))
    if show_edges:
        for a in c:
            for b in sorted(edges[a]):
                if b in members:
                    print('  %s -> %s: %s' % (a, b,
                          ' '.join(sorted(edges[a][b]))))
