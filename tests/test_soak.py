"""Issue 7 point 6: a short soak of the whole app in the simulator
(tools/reliability/soak.py): random input streams and power cuts in every game, the rules
invariants and the JSON round trip after every step, the long press back to the menu, saves
resumed after a power cut.

The long soaks are run by hand (docs/reliability.md records one of 24 simulated hours per
game): tools/reliability/soak.py --game all --hours 24 --seed N."""

import device_helpers
import pytest

pytestmark = pytest.mark.slow  # tools/test -m "not slow" leaves it out

shim = device_helpers.shim

GAMES = ("wildside", "gowild", "tumblin", "diceland")
MINUTES = 8  # simulated, per game


def errors(res):
    rows = [e for r in res["games"].values() for e in r["error_details"]]
    form = "{game} step {step} ({sim_ms} ms) on {screen}: {error}\n{traceback}"
    return "\n".join(form.format(**e) for e in rows)


@pytest.fixture(scope="module")
def soaked(shim):
    import soak

    # Power cuts and long-press checks more often than by default, to see many in minutes.
    return soak.soak(
        "all", hours=MINUTES / 60, seed=3, profile="pico", cut_every_s=50, check_every_s=150
    )


def test_the_soak_finds_no_error(soaked):
    assert soaked["errors"] == 0, errors(soaked)
    assert list(soaked["games"]) == list(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_is_started_played_and_left_by_the_long_press(soaked, game):
    r = soaked["games"][game]
    assert r["sim_hours"] * 60 > MINUTES - 0.01
    assert r["games_started"] > 0, r
    assert r["inputs"] > 100, r
    assert r["long_presses"] >= 2, r  # at least one on the way and the last one
    assert r["max_menu_ms"] <= 2500, r  # within 1 s after the 1.5 s threshold
    assert r["sim_s_per_wall_s"] > 5, r  # faster than real time, even on a busy machine


def test_the_power_is_cut_and_the_device_powers_up_again(soaked):
    rows = soaked["games"].values()
    cuts = sum(r["power_cuts"] for r in rows)
    assert cuts > 0
    ups = sum(r["power_ups"] for r in rows)
    assert len(GAMES) < ups <= cuts + len(GAMES)  # a cut may strike a power-up's write
    assert sum(r["cuts_in_write"] for r in rows) > 0  # the games save: cuts strike writes


def test_a_save_is_resumed_after_a_power_cut(soaked):
    rows = soaked["games"].values()
    assert sum(r["saves_written"] for r in rows) > 0
    assert sum(r["resume_offers"] for r in rows) > 0
    assert sum(r["saves_resumed"] for r in rows) >= 1


def test_the_same_seed_gives_the_same_soak(shim):
    import soak

    a = soak.soak("gowild", hours=1.5 / 60, seed=5, profile="macropad", cut_every_s=30)
    b = soak.soak("gowild", hours=1.5 / 60, seed=5, profile="macropad", cut_every_s=30)
    keep = ("digest", "steps", "inputs", "power_cuts", "games_started", "flash_writes")
    ra, rb = a["games"]["gowild"], b["games"]["gowild"]
    assert a["errors"] == 0, errors(a)
    assert {k: ra[k] for k in keep} == {k: rb[k] for k in keep}
    c = soak.soak("gowild", hours=1.5 / 60, seed=6, profile="macropad", cut_every_s=30)
    assert c["games"]["gowild"]["digest"] != ra["digest"]


def cheating_device(fault):
    """A SimDevice class whose app runs ``fault(app)`` after every step."""
    from simdevice import SimDevice

    class Faulty(SimDevice):
        def __init__(self, *args, **kwargs):
            SimDevice.__init__(self, *args, **kwargs)
            app = self.app
            step = app.step

            def faulty_step(now):
                step(now)
                fault(app)

            app.step = faulty_step

    return Faulty


def test_a_broken_rule_is_an_error_with_its_seed_game_and_step(shim, monkeypatch):
    import soak
    import soak_power

    def extra_die(app):
        g = getattr(app.screen, "game", None)
        if getattr(g, "phase", None) == "window":
            g.pool += 1  # a die from nowhere (W2)

    monkeypatch.setattr(soak_power, "SimDevice", cheating_device(extra_die))
    res = soak.soak("wildside", hours=5 / 60, seed=2)
    assert res["errors"] == 1
    e = res["games"]["wildside"]["error_details"][0]
    assert "W2" in e["error"], e["error"]
    assert (e["seed"], e["game"], e["screen"]) == (2, "wildside", "PlayScreen")
    assert e["step"] > 0 and "Traceback" in e["traceback"]


def test_a_screen_the_long_press_cannot_leave_is_an_error(shim, monkeypatch):
    import soak
    import soak_power

    def no_way_out(app):
        app.to_menu = lambda: None

    monkeypatch.setattr(soak_power, "SimDevice", cheating_device(no_way_out))
    res = soak.soak("gowild", hours=10 / 60, seed=2, check_every_s=60)
    assert res["errors"] == 1
    e = res["games"]["gowild"]["error_details"][0]
    assert e["error"].startswith("SoakError: stuck: no menu"), e["error"]


def test_a_game_save_that_never_reaches_the_flash_is_an_error(shim, monkeypatch):
    import soak
    import soak_power
    from simdevice import SimDevice

    class Forgetful(SimDevice):
        """The store says the game was saved, and writes nothing."""

        def __init__(self, *args, **kwargs):
            SimDevice.__init__(self, *args, **kwargs)
            st = self.app.store()
            save = st.save
            st.save = lambda key, obj: None if key == "game" else save(key, obj)

    monkeypatch.setattr(soak_power, "SimDevice", Forgetful)
    res = soak.soak("wildside", hours=10 / 60, seed=4, cut_every_s=30)
    assert res["errors"] == 1
    e = res["games"]["wildside"]["error_details"][0]
    assert "the saved game was lost" in e["error"], e["error"]


def test_a_recorded_campaign_goes_on_where_it_stopped_and_tables_its_runs(shim, tmp_path):
    import soak

    rec = str(tmp_path / "campaign.jsonl")
    first = soak.campaign("tumblin", [1, 2], 0.01, profiles=("pico", "feather"), record=rec)
    assert sorted((r["profile"], r["seed"]) for r in first) == [
        ("feather", 1),
        ("feather", 2),
        ("pico", 1),
        ("pico", 2),
    ]
    # Seed by seed: a campaign stopped part way has each profile alike.
    assert [r["seed"] for r in first] == [1, 1, 2, 2]
    with open(rec, "a") as f:
        f.write('{"torn')  # a run cut off as it was written is not counted
    again = soak.campaign("tumblin", [1, 2, 3], 0.01, profiles=("pico", "feather"), record=rec)
    assert sorted((r["profile"], r["seed"]) for r in again) == [("feather", 3), ("pico", 3)]
    held = soak.read_record(rec)
    assert len(held) == 6 and all(r["errors"] == [] and r["sim_hours"] > 0 for r in held)
    table = soak.summary(held)
    assert "| feather | tumblin | 3 | 1-3 |" in table and "| pico | tumblin | 3 | 1-3 |" in table
    assert table.endswith(
        "6 runs, %.1f simulated hours, 0 failed." % sum(r["sim_hours"] for r in held)
    )
    held[0]["errors"] = ["ValueError: T4"]
    bad = soak.summary(held)
    assert bad.endswith(" 1 failed.") and "| **1** |" in bad


def test_a_failed_run_is_run_again_after_a_fix_and_the_table_says_so(shim, tmp_path, monkeypatch):
    import soak
    import soak_campaign

    rec = str(tmp_path / "campaign.jsonl")
    real = soak_campaign.one_run

    def broken(job):
        r = real(job)
        return dict(r, errors=["SoakError: a harness bug"]) if job[1] == 2 else r

    monkeypatch.setattr(soak_campaign, "one_run", broken)
    soak.campaign("wildside", [1, 2, 4], 0.01, profiles=("pico",), record=rec)
    assert soak.summary(soak.read_record(rec)).splitlines()[-1] == (
        "3 runs, %.1f simulated hours, 1 failed."
        % sum(r["sim_hours"] for r in soak.read_record(rec))
    )
    monkeypatch.setattr(soak_campaign, "one_run", real)
    # Without --rerun-failed a recorded failure stands; with it, only that run goes again.
    assert soak.campaign("wildside", [1, 2, 4], 0.01, profiles=("pico",), record=rec) == []
    again = soak.campaign(
        "wildside", [1, 2, 4], 0.01, profiles=("pico",), record=rec, rerun_failed=True
    )
    assert [r["seed"] for r in again] == [2] and again[0]["errors"] == []
    table = soak.summary(soak.read_record(rec))
    assert "| pico | wildside | 3 | 1-2, 4 |" in table
    assert table.splitlines()[-2].endswith(" 0 failed.")
    assert table.splitlines()[-1].startswith("Failed at first, passed when run again at ")
    assert "pico wildside seed 2 (SoakError: a harness bug)" in table


def test_seed_5101_a_quick_tap_that_lands_late_ends_the_episode_not_the_soak(shim):
    """The campaign's seed 5101 (pico, Go Wild! table mode) stopped at 838 s: a 1 ms
    select reached the app a frame later, while the soak moved the cursor to the trick's
    winner, so the rows changed to the set size under it and the winner's row was 'not
    there'. A late press is the device's right; the soak now reads the screen afresh."""
    import soak

    res = soak.soak("gowild", hours=0.24, seed=5101, profile="pico")
    assert res["errors"] == 0, errors(res)
    assert res["games"]["gowild"]["sim_hours"] >= 0.24


def test_without_render_the_soak_sees_the_same_screens_and_restores_blinka(shim):
    """FastPictures skips Blinka's bookkeeping, not its checks: the same seed gives the
    same screens (the digest hashes every one) with the pixels drawn or not, and the
    classes are Blinka's again afterwards."""
    import soak
    from displayio import Bitmap, TileGrid

    before = (Bitmap.__setitem__, Bitmap.fill, TileGrid.__setitem__)
    digests = []
    for render in (False, True):
        res = soak.soak("diceland", hours=2 / 60, seed=21, profile="pico", render=render)
        assert res["errors"] == 0, errors(res)
        digests.append(res["games"]["diceland"]["digest"])
    assert digests[0] == digests[1]
    assert (Bitmap.__setitem__, Bitmap.fill, TileGrid.__setitem__) == before


VALUES = (1, 2, 3, 255, 256, 1 << 16, 1 << 32)


def refused(bmp, value):
    try:
        bmp[0, 0] = value
    except ValueError:
        return True
    return False


def test_fast_pictures_check_values_as_blinka_does(shim):
    import gc

    import soak_game
    from displayio import Bitmap

    real_collect = gc.collect
    with soak_game.FastPictures():
        assert gc.collect is not real_collect
        bmp = Bitmap(10, 4, 2)
        bmp[9, 3] = 1
        bmp[39] = 0
        with pytest.raises(IndexError):
            bmp[(1,)] = 1  # not a pixel
        fast = [refused(Bitmap(10, 4, n), v) for n in (2, 256) for v in VALUES]
    assert gc.collect is real_collect
    blinka = [refused(Bitmap(10, 4, n), v) for n in (2, 256) for v in VALUES]
    assert fast == blinka and True in fast and False in fast
    bmp = Bitmap(10, 4, 2)
    bmp[9, 3] = 1
    assert bmp[9, 3] == 1  # Blinka's own again: pixels stored


@pytest.mark.parametrize(
    "game, seed, profile, hours",
    [("diceland", 5115, "feather", 0.25), ("gowild", 5114, "pico_tft", 0.44)],
)
def test_seeds_5114_5115_the_soak_navigates_after_a_slow_frame(shim, game, seed, profile, hours):
    """The campaign's seeds 5114 (pico_tft, Go Wild!, 1,545 s) and 5115 (feather,
    Diceland, 868 s) stopped on the resume offer with "no row 'New game'": a burst had
    stalled the app (a slow frame of up to 3 s), and the soak tapped up through the
    stall, where a menu button read once a frame is not seen. The soak now lets a slow
    frame end before it moves the cursor."""
    import soak

    res = soak.soak(game, hours=hours, seed=seed, profile=profile)
    assert res["errors"] == 0, errors(res)


def test_seed_5043_the_table_screen_takes_no_press_after_the_game_ends(shim):
    """The campaign's seed 5043 (macropad, Go Wild! table mode, 1,692 s): presses in the
    frame of the winning entry handed the finished game a trick (an app bug, fixed in
    ListScreen.on_menu; tests/test_device_gowild.py has the unit test)."""
    import soak

    res = soak.soak("gowild", hours=0.48, seed=5043, profile="macropad")
    assert res["errors"] == 0, errors(res)


def test_a_run_of_other_firmware_is_run_again_and_not_counted(shim, tmp_path):
    import json

    import soak

    rec = tmp_path / "campaign.jsonl"
    old = {"profile": "pico", "game": "wildside", "seed": 1, "hours": 0.01, "sim_hours": 0.01,
           "inputs": 5, "finished": 0, "cuts": 0, "errors": [], "lib": "an-older-lib",
           "commit": "0000000"}  # fmt: skip
    rec.write_text(json.dumps(old) + "\n")
    made = soak.campaign("wildside", [1], 0.01, profiles=("pico",), record=str(rec))
    assert [(r["seed"], r["profile"]) for r in made] == [(1, "pico")]
    runs = soak.read_record(str(rec))
    assert runs[-1]["lib"] == soak.lib_tree() and runs[-1]["lib"] != "an-older-lib"
    table = soak.summary(runs, soak.lib_tree())
    assert "| pico | wildside | 1 | 1 |" in table
    assert table.splitlines()[-1] == "Not counted: 1 runs of other firmware (lib/ at 0000000)."
    # Made again with this lib, it is done: nothing to run.
    assert soak.campaign("wildside", [1], 0.01, profiles=("pico",), record=str(rec)) == []
