"""Edits that corrupt a saved state (a dict from ``to_dict``) for the bad-input tests."""


def setk(d, path, value):
    """Set the value at ``path`` (a sequence of keys and indexes); returns d."""
    x = d
    for k in path[:-1]:
        x = x[k]
    x[path[-1]] = value
    return d


def delk(d, key):
    """Drop a top-level key; returns d."""
    del d[key]
    return d
