"""tools/reliability/soak.py --seeds: a campaign of runs (one game, seed and profile each) in
worker processes, the --record file of JSON lines (with the commit and the lib/ tree
each run soaked) and its --summary table."""

import json
import os
import zlib

from soak_checks import GAMES
from soak_game import soak

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def one_run(job):
    """A worker's run: one game, one seed, one profile; a short summary (picklable)."""
    game, seed, hours, options = job
    res = soak(game, hours, seed, **options)
    r = res["games"][game]
    errs = [
        "%s (step %d, %.0f s sim, on %s)" % (e["error"], e["step"], e["sim_ms"] / 1000, e["screen"])
        for e in r["error_details"]
    ]
    return {
        "game": game,
        "seed": seed,
        "profile": options.get("profile", "pico"),
        "hours": hours,
        "sim_hours": r["sim_hours"],
        "wall_s": r["wall_s"],
        "inputs": r["inputs"],
        "started": r["games_started"],
        "finished": r["games_finished"],
        "cuts": r["power_cuts"],
        "resumed": r["saves_resumed"],
        "errors": errs,
        "digest": r["digest"],
    }


def run_key(r):
    return (r["profile"], r["game"], r["seed"], r["hours"])


def read_record(path):
    """The runs a --record file holds (JSON lines; a torn last line is skipped)."""
    runs = []
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    runs.append(json.loads(line))
                except ValueError:
                    pass
    return runs


def latest(runs):
    """The last run recorded for each (profile, game, seed, hours): a re-run supersedes."""
    out = {}
    for r in runs:
        out[run_key(r)] = r
    return out


def source_commit():
    return git("rev-parse", "--short", "HEAD")


def git(*args):
    import subprocess

    try:
        out = subprocess.run(
            ["git", "-C", ROOT] + list(args), capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def lib_tree(commit="HEAD"):
    """The git tree id of lib/ at ``commit``: the firmware a run soaked. For HEAD with
    uncommitted changes under lib/, a digest of the files instead (such runs never
    match a commit's)."""
    if commit == "HEAD" and git("status", "--porcelain", "--", "lib"):
        h = zlib.crc32(b"")
        for base, _dirs, files in sorted(os.walk(os.path.join(ROOT, "lib"))):
            for name in sorted(files):
                if name.endswith(".py"):
                    with open(os.path.join(base, name), "rb") as f:
                        h = zlib.crc32(name.encode() + f.read(), h)
        return "dirty-%08x" % h
    return git("rev-parse", "%s:lib" % commit)


def with_lib(runs):
    """Each run with its "lib" (lib_tree of its commit, for records made before runs
    carried it)."""
    trees = {}
    for r in runs:
        if "lib" not in r and r.get("commit"):
            c = r["commit"]
            if c not in trees:
                trees[c] = lib_tree(c)
            r["lib"] = trees[c]
    return runs


def of_lib(runs, lib):
    """(the runs of firmware ``lib``, the others): a run counts only for what it soaked."""
    mine, other = [], []
    for r in with_lib(runs):
        (mine if r.get("lib") == lib else other).append(r)
    return mine, other


def campaign(
    games, seeds, hours, jobs=1, out=None, profiles=None, record=None, rerun_failed=False, **options
):
    """Each (seed, profile, game) soaked on its own, ``jobs`` at a time
    (multiprocessing), seed by seed so a campaign stopped part way covers every game and
    profile alike. With ``record`` (a path), each run is appended to it as a JSON line as
    it ends, and runs it already holds are skipped: a long campaign goes on where it
    stopped; with ``rerun_failed`` the runs whose last record failed are run again (after
    a fix). A run counts only for the firmware it soaked: a record made with another
    lib/ is run again. Returns the runs' summaries (one_run) made now, in the order they ended."""
    import multiprocessing

    if games == "all":
        games = GAMES
    elif isinstance(games, str):
        games = (games,)
    profiles = profiles or (options.pop("profile", "pico"),)
    options.pop("profile", None)
    tree = lib_tree() if record else None
    held = of_lib(read_record(record), tree)[0]
    done = set(k for k, r in latest(held).items() if not (rerun_failed and r["errors"]))
    work = []
    for s in seeds:
        for p in profiles:
            for g in games:
                if (p, g, s, hours) not in done:
                    work.append((g, s, hours, dict(options, profile=p)))
    commit = source_commit() if record else None
    if record and os.path.exists(record) and os.path.getsize(record):
        with open(record, "rb+") as f:  # a line torn by a kill: the next run starts its own
            f.seek(-1, 2)
            if f.read(1) != b"\n":
                f.write(b"\n")
    runs = []
    if jobs <= 1:
        it = map(one_run, work)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        it = pool.imap_unordered(one_run, work)
    try:
        for r in it:
            runs.append(r)
            if record:
                r = dict(r, commit=commit, lib=tree)
                with open(record, "a") as f:
                    f.write(json.dumps(r, sort_keys=True) + "\n")
            if out:
                out(
                    "%-9s %-9s seed %-6d %5.2f sim h %6.1f s wall  %s"
                    % (
                        r["profile"],
                        r["game"],
                        r["seed"],
                        r["sim_hours"],
                        r["wall_s"],
                        "ERROR " + r["errors"][0] if r["errors"] else "ok",
                    )
                )
    finally:
        if pool is not None:
            pool.terminate()
    return runs


def spans(seeds):
    """[1, 2, 3, 7] -> "1-3, 7" (sorted seeds as runs of consecutive ones)."""
    out = []
    for x in seeds:
        if out and x == out[-1][1] + 1:
            out[-1][1] = x
        else:
            out.append([x, x])
    return ", ".join("%d-%d" % (a, b) if b > a else str(a) for a, b in out)


def summary(runs, lib=None):
    """A Markdown table of a campaign's runs: per profile and game, the runs, seeds,
    simulated hours, inputs, games started and finished, power cuts, saves resumed and
    failed runs. A run recorded again counts once, as its last record; a failure a re-run
    superseded is listed below the table. With ``lib`` (a lib_tree), only the runs of that
    firmware count; the others are told apart in a last line."""
    other = []
    if lib is not None:
        runs, other = of_lib(runs, lib)
    last = latest(runs)
    rows = {}
    for r in last.values():
        k = (r["profile"], r["game"])
        t = rows.setdefault(k, [0, set(), 0.0, 0, 0, 0, 0, 0, 0])
        t[0] += 1
        t[1].add(r["seed"])
        t[2] += r["sim_hours"]
        t[3] += r["inputs"]
        t[4] += r.get("started", 0)
        t[5] += r["finished"]
        t[6] += r["cuts"]
        t[7] += r.get("resumed", 0)
        t[8] += 1 if r["errors"] else 0
    lines = [
        "| profile | game | runs | seeds | simulated hours | inputs | games started "
        "| games finished | power cuts | saves resumed | failed runs |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    total = [0, 0.0, 0, 0]
    for (p, g), t in sorted(rows.items()):
        span = spans(sorted(t[1]))
        lines.append(
            "| %s | %s | %d | %s | %.2f | %s | %s | %s | %s | %s | **%d** |"
            % (
                p,
                g,
                t[0],
                span,
                t[2],
                "{:,}".format(t[3]),
                "{:,}".format(t[4]),
                "{:,}".format(t[5]),
                "{:,}".format(t[6]),
                "{:,}".format(t[7]),
                t[8],
            )
        )
        total[0] += t[0]
        total[1] += t[2]
        total[2] += t[8]
    lines.append("")
    lines.append("%d runs, %.1f simulated hours, %d failed." % (total[0], total[1], total[2]))
    fixed = [r for r in runs if r["errors"] and not last[run_key(r)]["errors"]]
    for r in fixed:
        lines.append(
            "Failed at first, passed when run again at %s: %s %s seed %d (%s)."
            % (last[run_key(r)].get("commit"), r["profile"], r["game"], r["seed"], r["errors"][0])
        )
    if other:
        lines.append(
            "Not counted: %d runs of other firmware (lib/ at %s)."
            % (len(other), ", ".join(sorted(set(str(r.get("commit")) for r in other))))
        )
    return "\n".join(lines)
