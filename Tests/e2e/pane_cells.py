#!/usr/bin/env python3
"""Reads `tmux capture-pane -p -e` on standard input and prints how many cells are half blocks (▀) drawn with
both colours of a kind: `rgb` (38;2 / 48;2) or `palette` (38;5 / 48;5), and how many distinct colours they use.
Usage: pane_cells.py rgb|palette [FIRST_ROW [LAST_ROW]]   (rows 1-based, inclusive; default all)
Prints: CELLS DISTINCT_COLOURS"""
import re
import sys

kind = sys.argv[1]
first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
last = int(sys.argv[3]) if len(sys.argv) > 3 else 10**9
cells = 0
colours = set()
for number, line in enumerate(sys.stdin.read().split("\n"), start=1):
    fg = bg = None
    i = 0
    while i < len(line):
        match = re.match(r"\x1b\[([0-9;]*)m", line[i:])
        if match:
            params = [int(p) if p else 0 for p in match.group(1).split(";")]
            j = 0
            while j < len(params):
                p = params[j]
                if p == 0:
                    fg = bg = None
                elif p in (38, 48) and j + 1 < len(params):
                    if params[j + 1] == 2:
                        value = ("rgb", tuple(params[j + 2:j + 5]))
                        j += 4
                    else:
                        value = ("palette", params[j + 2] if j + 2 < len(params) else 0)
                        j += 2
                    if p == 38:
                        fg = value
                    else:
                        bg = value
                elif p == 39:
                    fg = None
                elif p == 49:
                    bg = None
                j += 1
            i += len(match.group(0))
            continue
        if line[i] == "▀" and first <= number <= last and fg and bg and fg[0] == kind and bg[0] == kind:
            cells += 1
            colours.add(fg[1])
            colours.add(bg[1])
        i += 1
print(cells, len(colours))
