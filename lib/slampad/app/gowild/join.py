"""Go Wild! pass and play: who sits where, and who leads the first trick."""

from slampad.app.join import JoinScreen


class GoWildJoin(JoinScreen):
    """Go Wild! pass and play: the seats (G2: P5 and P6 are bots), and who leads the
    first trick (G8: the rulebook's youngest player; the first seat taken unless
    changed)."""

    def __init__(self, app):
        JoinScreen.__init__(self, app, "Go Wild!", "gowild", 6)
        self.first = app.remember.get("gowild_first")  # the table seat chosen to lead;
        # None: the first seat taken

    def leader(self):
        filled = self.filled()
        if self.first in filled:
            return self.first
        return filled[0] if filled else None

    def items(self):
        out = JoinScreen.items(self)
        lead = self.leader()
        out.append("First lead: " + ("P%d" % (lead + 1) if lead is not None else "none"))
        return out

    def select(self, i, now):
        if i <= len(self.seats):
            return JoinScreen.select(self, i, now)
        filled = self.filled()
        if not filled:
            self.say("Slam a pad or add a bot first", now)
            return None
        lead = self.leader()
        self.first = filled[(filled.index(lead) + 1) % len(filled)]
        self.say("P%d leads the first trick" % (self.first + 1), now)
        self.draw()
        return None

    def play_args(self, filled):
        self.app.remember["gowild_first"] = self.first
        return (filled.index(self.leader()),)
