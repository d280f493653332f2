#!/usr/bin/env python3
"""Writes records-tampered.json: audit records (docs/draw-algorithm.md §9, §10) whose every round
recomputes correctly on its own (seeds, commitments, pool, winners), some of which tell a story of
rounds that cannot have happened. Each case has the verdict, the problems, round by round, and the
problems of the record as a whole (its list of winners against its rounds) that every verifier must
give: sync/draw (and `sorteio verify`) and the verification page. Computed with generate.py's
independent reference; the last cases cut a promotion or a correction out of the genuine records
of alternates.json and federal-records.json (run alternates.py and federal_records.py first). The
expected problems are written here by hand. Deterministic: run it again only when the record's
format or the story rules change."""
import copy, hashlib, json, os
from generate import audit_pool, digest, pick, sha

MSG = {
    "redraw_first": "Re-sorteio antes de qualquer sorteio inicial concluído: não há de onde derivar o conjunto de bilhetes.",
    "second_draw": "Sorteio inicial depois de outro já concluído: depois do primeiro sorteio só há re-sorteios de lugares invalidados.",
    "setting": "Esta rodada muda a regra de repetir pessoas do sorteio inicial.",
    "never_drawn": "Re-sorteio do {p}º lugar, que nenhuma rodada anterior sorteou.",
    "not_invalidated": "Re-sorteio do {p}º lugar, cujo vencedor não foi invalidado.",
    "before_invalidation": "Re-sorteio do {p}º lugar iniciado antes da invalidação do vencedor desse lugar.",
    "ticket_twice": "O {p}º lugar vai para um bilhete que já ganhou o {q}º lugar na {n}ª rodada.",
    "person_twice": "O {p}º lugar vai para uma pessoa que já ganhou o {q}º lugar na {n}ª rodada, e este sorteio não permite repetir pessoas.",
    "not_drawn": "O {p}º lugar da lista de vencedores ({t}) não saiu de nenhuma rodada do registro.",
}

POOL = audit_pool()
GROUP = {t["id"]: t["group_id"] for t in POOL}
T0 = 1763700000000
MIN = 60000


def canon(pool):
    return sorted(pool, key=lambda t: t["id"].encode())


class Story:
    """A raffle's rounds, in order; every completed round computed over the pool a verifier derives
    for it (a first draw: its own, every ticket; a redraw: every ticket minus the winners so far and,
    unless the round says duplicates are allowed, their groups)."""

    def __init__(self):
        self.rounds, self.draws, self.abandoned, self.invalidated = 0, [], [], {}

    def _id(self):
        self.rounds += 1
        return "0192f0c3-0000-7000-8000-%012x" % self.rounds

    def abandon(self, kind, positions, online, started):
        draw_id = self._id()
        client, server = sha("história abandonada %d" % self.rounds), sha("servidor abandonado %d" % self.rounds)
        pool = canon(POOL)
        self.abandoned.append({"draw_id": draw_id, "round": self.rounds, "kind": kind, "positions": positions,
                               "online": online, "client_commitment": hashlib.sha256(client).hexdigest(),
                               "server_commitment": hashlib.sha256(server).hexdigest(), "pool_size": len(pool),
                               "pool_digest": digest(pool), "started_at": started, "abandoned_at": started + 5 * MIN})

    def won(self):
        return [w for r in self.draws for w in r["winners"]]

    def complete(self, label, kind, positions, started, online=True, allow=False, own_pool=None):
        """kind "draw" publishes its pool (every ticket unless own_pool); a "redraw" is drawn over
        the derived pool. Returns the round's record."""
        if kind == "draw":
            pool = canon(own_pool if own_pool is not None else POOL)
        else:
            won = set(self.won())
            groups = set() if allow else {GROUP[w] for w in won}
            pool = canon([t for t in POOL if t["id"] not in won and t["group_id"] not in groups])
        client, server = sha("história cliente %s" % label), sha("história servidor %s" % label)
        seed = hashlib.sha256(client + server).digest() if online else client
        rec = {"draw_id": self._id(), "round": self.rounds, "kind": kind, "positions": positions, "online": online,
               "client_seed": client.hex(), "client_commitment": hashlib.sha256(client).hexdigest(),
               "server_seed": server.hex(), "server_commitment": hashlib.sha256(server).hexdigest(),
               "pool_size": len(pool), "pool_digest": digest(pool),
               "winners_count": len(positions), "allow_duplicate_wins": allow,
               "winners": pick(seed, pool, len(positions), allow),
               "started_at": started, "completed_at": started + 10000}
        if kind == "draw":
            rec["pool"] = pool
        self.draws.append(rec)
        return rec

    def invalidate(self, rec, position, at):
        self.invalidated[(rec["draw_id"], position)] = at

    def record(self, winners=True):
        out = {"algorithm": "sorteio-v1",
               "raffle": {"id": "0192f0c0-0000-7000-8000-000000000002", "code": "H1ST0R", "title": "Rifa da história",
                          "status": "completed"}}
        if winners:
            out["winners"] = []
            for r in self.draws:
                for p, w in zip(r["positions"], r["winners"]):
                    at = self.invalidated.get((r["draw_id"], p))
                    out["winners"].append({"id": "%s:%d" % (r["draw_id"], p), "draw_id": r["draw_id"], "position": p,
                                           "ticket_id": w, "is_valid": at is None, "invalidated_at": at})
        out["abandoned"], out["draws"] = self.abandoned, self.draws
        return out


def first_draw(story, label=1, allow=False):
    """Two abandoned first rounds (one online, one offline), then the first draw of 3 places."""
    story.abandon("draw", [1, 2, 3], True, T0 - 60 * MIN)
    story.abandon("draw", [1, 2, 3], False, T0 - 30 * MIN)
    return story.complete(label, "draw", [1, 2, 3], T0, allow=allow)


def search(build, wanted):
    """The first label (0, 1, ...) whose story satisfies wanted: seeds are fixed, so the search is too."""
    for label in range(10000):
        story, rec = build(label)
        if wanted(story, rec):
            return story, rec
    raise SystemExit("no label found")


cases = []


def case(name, about, story, problems, winners=True):
    verdict = "NÃO CONFERE" if any(problems) else "CONFERE"
    assert len(problems) == len(story.draws)
    cases.append({"name": name, "about": about, "verdict": verdict, "problems": problems, "record_problems": [],
                  "record": story.record(winners)})


def genuine():
    s = Story()
    first = first_draw(s)
    s.invalidate(first, 2, T0 + 5 * MIN)
    r4 = s.complete(4, "redraw", [2], T0 + 6 * MIN, online=False)
    s.invalidate(r4, 2, T0 + 7 * MIN)
    s.complete(5, "redraw", [2], T0 + 8 * MIN)
    s.invalidate(first, 3, T0 + 9 * MIN)
    s.complete(6, "redraw", [3], T0 + 10 * MIN)
    return s


case("genuine", "Two abandoned rounds, the first draw, the 2nd place invalidated and redrawn twice (the first "
     "redraw's winner invalidated too), the 3rd place invalidated and redrawn.", genuine(), [[], [], [], []])


def dup_allowed(label):
    s = Story()
    first = first_draw(s, allow=True)
    s.invalidate(first, 2, T0 + 5 * MIN)
    return s, s.complete(label, "redraw", [2], T0 + 6 * MIN, allow=True)


s, rec = search(dup_allowed, lambda s, rec: GROUP[rec["winners"][0]] in {GROUP[w] for w in s.draws[0]["winners"]})
case("genuine, a person wins again", "Duplicates allowed: the redraw goes to another ticket of a person who "
     "already won.", s, [[], []])


def relabelled(label):
    s = Story()
    first = first_draw(s)
    s.invalidate(first, 2, T0 + 5 * MIN)
    return s, s.complete(label, "draw", [2], T0 + 6 * MIN)


s, rec = search(relabelled, lambda s, rec: rec["winners"][0] == s.draws[0]["winners"][0])
case("relabelled redraw", "The redraw of the 2nd place is relabelled as a first draw publishing every ticket as its "
     "pool: consistent in itself, it gives the place to the 1st place's winner.", s,
     [[], [MSG["second_draw"], MSG["ticket_twice"].format(p=2, q=1, n=3)]])


def second_draw(label):
    s = Story()
    first_draw(s)
    return s, s.complete(label, "draw", [1, 2, 3], T0 + 6 * MIN)


def disjoint(s, rec):
    groups = {GROUP[w] for w in s.draws[0]["winners"]}
    return not groups & {GROUP[w] for w in rec["winners"]}


s, _ = search(second_draw, disjoint)
case("first draw after another", "A second first draw of every place, after the first completed one, with other "
     "winners: the organiser drawing again until a result suits them.", s, [[], [MSG["second_draw"]]])


s = Story()
s.invalidate(first_draw(s), 2, T0 + 5 * MIN)
s.complete(7, "redraw", [1], T0 + 6 * MIN)
case("redraw of a place never invalidated", "The 2nd place was invalidated, but the redraw fills the 1st, whose "
     "winner is valid.", s, [[], [MSG["not_invalidated"].format(p=1)]])

s = Story()
s.invalidate(first_draw(s), 2, T0 + 5 * MIN)
s.complete(8, "redraw", [2], T0 + 4 * MIN)
case("redraw before its invalidation", "The redraw of the 2nd place started a minute before that place's winner was "
     "invalidated.", s, [[], [MSG["before_invalidation"].format(p=2)]])

s = Story()
s.invalidate(first_draw(s), 2, T0 + 5 * MIN)
s.complete(9, "redraw", [4], T0 + 6 * MIN)
case("redraw of a place no round drew", "A redraw of a 4th place in a raffle of 3.", s,
     [[], [MSG["never_drawn"].format(p=4)]])

s = Story()
s.invalidate(first_draw(s), 2, T0 + 5 * MIN)
s.complete(10, "redraw", [2], T0 + 6 * MIN)
case("redraw without the winners list", "The list of winners (where invalidations are published) left out: no "
     "invalidation justifies the redraw.", s, [[], [MSG["not_invalidated"].format(p=2)]], winners=False)

s = genuine()
del s.invalidated[(s.draws[1]["draw_id"], 2)]
case("second redraw of a place whose redraw winner is valid", "The 2nd place is redrawn twice, but only the first "
     "draw's winner of that place was invalidated, not the first redraw's.", s,
     [[], [], [MSG["not_invalidated"].format(p=2)], []])


def person_twice(label):
    s = Story()
    first = first_draw(s)
    s.invalidate(first, 2, T0 + 5 * MIN)
    # The redraw claims duplicates are allowed, so its derived pool keeps the winners' other tickets.
    return s, s.complete(label, "redraw", [2], T0 + 6 * MIN, allow=True)


def same_person(s, rec):
    return GROUP[rec["winners"][0]] in {GROUP[w] for w in s.draws[0]["winners"]}


s, rec = search(person_twice, same_person)
q = next(i + 1 for i, w in enumerate(s.draws[0]["winners"]) if GROUP[w] == GROUP[rec["winners"][0]])
case("person winning twice", "Duplicates are not allowed, but the redraw says they are: its derived pool keeps the "
     "other tickets of the people who won, and the place goes to one of them.", s,
     [[], [MSG["setting"], MSG["person_twice"].format(p=2, q=q, n=3)]])

s = Story()
s.abandon("draw", [1, 2, 3], True, T0 - 60 * MIN)
s.complete(11, "redraw", [2], T0)
case("redraw before any first draw", "After an abandoned first round, a redraw: nothing had been drawn.", s,
     [[MSG["redraw_first"]]], winners=False)

def describe(record, ticket_id):
    """How the verifiers name a ticket: 'bilhete 012 (Fábio Melo)', the name alone without a number."""
    t = {t["id"]: t for r in record["draws"] for t in r.get("pool", [])}.get(ticket_id)
    if t is None:
        return "um bilhete que não está no conjunto (%s)" % ticket_id
    return t["name"] if t["ticket_number"] is None else "bilhete %s (%s)" % (t["ticket_number"], t["name"])


def cut(name, about, record, problems):
    """A genuine record with something cut out: its rounds and promotions still tell a possible story,
    but the list of winners names winners no round drew and no promotion called."""
    listed = []
    for w in record.get("winners", []):
        drawn = any(w["position"] in r["positions"] and r["positions"].index(w["position"]) < len(r["winners"])
                    and r["winners"][r["positions"].index(w["position"])] == w["ticket_id"] for r in record["draws"])
        called = any(p["position"] == w["position"] and p["ticket_id"] == w["ticket_id"] for p in record.get("promotions", []))
        if not drawn and not called:
            listed.append(MSG["not_drawn"].format(p=w["position"], t=describe(record, w["ticket_id"])))
    assert listed, name
    cases.append({"name": name, "about": about, "verdict": "NÃO CONFERE", "problems": problems, "record_problems": listed,
                  "record": record})


HERE = os.path.dirname(os.path.abspath(__file__))
alternates = json.load(open(os.path.join(HERE, "alternates.json")))["records"][0]
assert alternates["name"] == "genuine" and alternates["verdict"] == "CONFERE" and len(alternates["record"]["promotions"]) == 2
r = copy.deepcopy(alternates["record"])
r["promotions"] = []
cut("promotions cut out", "The genuine record of alternates.json with its promotions emptied: the list of winners still "
    "names the two alternates called to the 2nd place, which no round drew.", r, [[], []])

federal = next(c for c in json.load(open(os.path.join(HERE, "federal-records.json")))["cases"] if c["name"] == "corrected")
r = copy.deepcopy(federal["export"])
replaced = r["draws"].pop(0)
assert r["draws"][0]["replaces"] == replaced["draw_id"]
r["draws"] = [dict((k, v) for k, v in replaced.items() if k not in ("replaced_by", "replaced_at"))]
cut("correction cut out", "The corrected Loteria Federal record of federal-records.json with its correction removed and "
    "the wrong result no longer marked as replaced: the list of winners still names the correction's winners.", r, [[]])

out = {"about": "Audit records whose rounds each recompute but whose story may be impossible "
                "(docs/draw-algorithm.md §10), from sync/testdata/draw/tampered.py. Each case: the record, "
                "the verdict, the problems of each of its draws, in order, and those of the record as a whole "
                "(its list of winners against its rounds and promotions), exactly as every verifier gives "
                "them. Read by the Go tests (sync/draw, `sorteio verify`) and the PWA's Vitest tests.",
       "cases": cases}
json.dump(out, open(__file__.replace("tampered.py", "records-tampered.json"), "w"), ensure_ascii=False, indent=1)
