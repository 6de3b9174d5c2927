"""The game-over screen's score rows (app/over.py shows them), for the games that
count points or dice: Diceland's end says why instead, and does not load this."""


def count(n, one, many=None):
    """"1 point", "21 points"; "1 die", "3 dice"."""
    return "%d %s" % (n, one if n == 1 else many or one + "s")


def board(text, entries, one, many=None):
    """Score rows, most first, of ``entries`` ([name, number] a seat or team): on the
    colour display a row each ("P3  21 points"); else packed ("Points: P3 21  P1 17")."""
    order = sorted(range(len(entries)), key=lambda i: (-entries[i][1], i))
    if text.colour:  # the numbers right-aligned under each other
        w = max(len(str(e[1])) for e in entries) + 2
        return ["%s%s" % (entries[i][0], " " * (w - len(str(entries[i][1]))) + count(
            entries[i][1], one, many)) for i in order]
    cols = text.cols - 1  # a list row's first cell is the cursor's
    unit = many or one + "s"
    for sep in (2, 1):  # two spaces apart when one row holds them all
        rows = [unit[0].upper() + unit[1:] + ":"]  # "Points: P3 21  P1 17"
        for i in order:
            x = "%s %d" % tuple(entries[i])
            if len(rows[-1]) + sep + len(x) <= cols:
                rows[-1] += " " * (1 if rows[-1][-1] == ":" else sep) + x
            else:
                rows.append(x)
        if len(rows) == 1:
            break
    return rows
