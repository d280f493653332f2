#!/usr/bin/env python3
"""Writes alternates.json: the vectors of sorteio-v2's alternates (docs/draw-algorithm.md §5a, §10a),
computed with generate.py's independent reference.

- "picks": winners plus alternates from a seed. sorteio-v2 draws winners_count + alternates_count
  places with sorteio-v1's pick, in one go: the first winners_count are the winners, the rest the
  alternates in order (so a draw without alternates gives sorteio-v1's winners).
- "records": whole public records with promotions ('Chamar suplente'), each with the verdict, the
  problems of each draw and those of each promotion, exactly as every verifier gives them
  (sync/draw and `sorteio verify`; the verification page). Every round recomputes on its own; the
  tampered ones tell a story that cannot have happened. The problems are written here by hand.

Deterministic: run it again only when the record's format or the rules change."""
import hashlib, json
from generate import audit_pool, digest, pick, sha, uid

MSG = {
    "v1_alternates": "Um registro sorteio-v1 não tem suplentes.",
    "redraw_alternates": "Um re-sorteio não sorteia suplentes.",
    "promotion_first": "Suplente chamado antes de qualquer sorteio inicial concluído.",
    "not_alternate": "O bilhete chamado para o {p}º lugar não é suplente do sorteio inicial.",
    "alternate_twice": "O {a}º suplente foi chamado mais de uma vez.",
    "alternate_order": "Chamado o {a}º suplente quando o próximo era o {b}º.",
    "promo_never_drawn": "Suplente chamado para o {p}º lugar, que nenhuma rodada sorteou.",
    "promo_not_invalidated": "Suplente chamado para o {p}º lugar, cujo vencedor não foi invalidado.",
    "promo_before_invalidation": "Suplente chamado para o {p}º lugar antes da invalidação do vencedor desse lugar.",
    "ticket_twice": "O {p}º lugar vai para um bilhete que já ganhou o {q}º lugar na {n}ª rodada.",
}

POOL = audit_pool()
GROUP = {t["id"]: t["group_id"] for t in POOL}
T0 = 1763700000000
MIN = 60000


def canon(pool):
    return sorted(pool, key=lambda t: t["id"].encode())


def picks():
    def t(i, g, name, num="001"):
        return {"id": uid(i), "group_id": uid(g, "g"), "ticket_number": num, "name": name}
    grouped = [t(i, (i + 1) // 2, "Pessoa %d" % ((i + 1) // 2), "%03d" % i) for i in range(1, 13)]
    out = []
    for name, seed, pool, winners, alternates, allow in [
        ("3 winners and 2 alternates, one person once", sha("suplentes"), grouped, 3, 2, False),
        ("winners and alternates take every person", sha("todos"), grouped, 2, 4, False),
        ("duplicates allowed: an alternate may be a winner's other ticket", sha("repetir"), grouped, 3, 6, True),
        ("no alternates: the winners of sorteio-v1", sha("sem suplentes"), grouped, 4, 0, False),
        ("the whole audit pool: 3 winners and 9 alternates are its 12 people", sha("ata"), POOL, 3, 9, False),
    ]:
        picked = pick(seed, pool, winners + alternates, allow)
        assert picked[:winners] == pick(seed, pool, winners, allow)
        out.append({"name": name, "seed": seed.hex(), "pool": pool, "pool_digest": digest(canon(pool)),
                    "winners_count": winners, "alternates_count": alternates, "allow_duplicate_wins": allow,
                    "winners": picked[:winners], "alternates": picked[winners:]})
    # Impossible: 6 people cannot give 3 winners and 4 alternates without repeating anyone.
    out.append({"name": "not enough people for winners and alternates", "seed": sha("faltam").hex(), "pool": grouped,
                "pool_digest": digest(canon(grouped)), "winners_count": 3, "alternates_count": 4,
                "allow_duplicate_wins": False, "error": "not_enough_people", "missing": 1})
    return out


class Story:
    """A raffle's rounds and promotions, in order (docs/draw-algorithm.md §6: a redraw's pool is every
    ticket minus the winners so far and the first draw's alternates, and their groups)."""

    def __init__(self, algorithm="sorteio-v2"):
        self.algorithm, self.rounds, self.draws, self.promotions, self.invalidated = algorithm, 0, [], [], {}
        self.extra = []  # winners the promotions add: (id, draw_id, position, ticket)

    def _id(self):
        self.rounds += 1
        return "0192f0c4-0000-7000-8000-%012x" % self.rounds

    def excluded(self):
        won = [w for r in self.draws for w in r["winners"] + r.get("alternates", [])]
        return set(won), {GROUP[w] for w in won}

    def complete(self, label, kind, positions, started, alternates=0):
        if kind == "draw":
            pool = canon(POOL)
        else:
            won, groups = self.excluded()
            pool = canon([t for t in POOL if t["id"] not in won and t["group_id"] not in groups])
        client, server = sha("suplentes cliente %s" % label), sha("suplentes servidor %s" % label)
        seed = hashlib.sha256(client + server).digest()
        picked = pick(seed, pool, len(positions) + alternates, False)
        rec = {"draw_id": self._id(), "round": self.rounds, "kind": kind, "positions": positions, "online": True,
               "client_seed": client.hex(), "client_commitment": hashlib.sha256(client).hexdigest(),
               "server_seed": server.hex(), "server_commitment": hashlib.sha256(server).hexdigest(),
               "pool_size": len(pool), "pool_digest": digest(pool),
               "winners_count": len(positions), "allow_duplicate_wins": False,
               "winners": picked[:len(positions)], "started_at": started, "completed_at": started + 10000}
        if alternates:
            rec["alternates_count"], rec["alternates"] = alternates, picked[len(positions):]
        if kind == "draw":
            rec["pool"] = pool
        self.draws.append(rec)
        return rec

    def invalidate(self, winner_id, at):
        self.invalidated[winner_id] = at

    def promote(self, position, rank, at, ticket=None):
        first = self.draws[0]
        ticket = ticket or first["alternates"][rank - 1]
        winner_id = "%s:a%d" % (first["draw_id"], rank)
        self.promotions.append({"winner_id": winner_id, "position": position, "alternate": rank, "ticket_id": ticket,
                                "promoted_at": at})
        self.extra.append((winner_id, first["draw_id"], position, ticket))
        return winner_id

    def record(self):
        winners = []
        for r in self.draws:
            for p, w in zip(r["positions"], r["winners"]):
                winners.append(("%s:%d" % (r["draw_id"], p), r["draw_id"], p, w))
        winners += self.extra
        return {"algorithm": self.algorithm,
                "raffle": {"id": "0192f0c0-0000-7000-8000-000000000003", "code": "SUPL3N", "title": "Rifa dos suplentes",
                           "status": "completed"},
                "prizes": [{"position": 1, "name": "Bicicleta"}, {"position": 2, "name": "Cesta básica"}],
                "winners": [{"id": i, "draw_id": d, "position": p, "ticket_id": t, "is_valid": i not in self.invalidated,
                             "invalidated_at": self.invalidated.get(i)} for i, d, p, t in winners],
                "abandoned": [], "draws": self.draws, "promotions": self.promotions}


cases = []


def case(name, about, story, problems, promotion_problems):
    assert len(problems) == len(story.draws) and len(promotion_problems) == len(story.promotions)
    verdict = "NÃO CONFERE" if any(problems) or any(promotion_problems) else "CONFERE"
    cases.append({"name": name, "about": about, "verdict": verdict, "problems": problems,
                  "promotion_problems": promotion_problems, "record": story.record()})


def first(story):
    return story.complete(1, "draw", [1, 2, 3], T0, alternates=3)


def genuine():
    s = Story()
    d = first(s)
    s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
    promoted = s.promote(2, 1, T0 + 6 * MIN)
    s.invalidate(d["draw_id"] + ":3", T0 + 7 * MIN)
    s.complete(2, "redraw", [3], T0 + 8 * MIN)
    s.invalidate(promoted, T0 + 9 * MIN)
    s.promote(2, 2, T0 + 10 * MIN)
    return s, d


s, _ = genuine()
case("genuine", "The first draw of 3 places and 3 alternates; the 2nd place invalidated and the 1st alternate "
     "called; the 3rd invalidated and redrawn (its pool leaves out the winners and every alternate); the called "
     "alternate invalidated and the 2nd alternate called.", s, [[], []], [[], []])

s = Story()
d = first(s)
s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
s.promote(2, 1, T0 + 6 * MIN)
s.invalidate(d["draw_id"] + ":3", T0 + 7 * MIN)
s.promote(3, 1, T0 + 8 * MIN)
case("an alternate called twice", "The 1st alternate takes the 2nd place, then the 3rd as well.", s, [[]],
     [[], [MSG["alternate_twice"].format(a=1), MSG["ticket_twice"].format(p=3, q=2, n=1)]])

s = Story()
first(s)
s.promote(2, 1, T0 + 6 * MIN)
case("an alternate called without an invalidation", "The 1st alternate takes the 2nd place, whose winner is valid.",
     s, [[]], [[MSG["promo_not_invalidated"].format(p=2)]])

s = Story()
d = first(s)
s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
s.promote(2, 1, T0 + 4 * MIN)
case("an alternate called before the invalidation", "The 1st alternate is called a minute before the 2nd place's "
     "winner was invalidated.", s, [[]], [[MSG["promo_before_invalidation"].format(p=2)]])

s = Story()
d = first(s)
s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
s.promote(2, 2, T0 + 6 * MIN)
case("alternates out of order", "The 2nd alternate is called while the 1st was never called.", s, [[]],
     [[MSG["alternate_order"].format(a=2, b=1)]])

s = Story()
d = first(s)
s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
taken = set(d["winners"] + d["alternates"])
outsider = next(t["id"] for t in canon(POOL) if t["id"] not in taken and GROUP[t["id"]] not in {GROUP[w] for w in taken})
s.promote(2, 1, T0 + 6 * MIN, ticket=outsider)
case("a ticket that is no alternate", "The 2nd place goes to a ticket the first draw did not draw as an alternate.",
     s, [[]], [[MSG["not_alternate"].format(p=2)]])

s = Story()
d = first(s)
s.invalidate(d["draw_id"] + ":2", T0 + 5 * MIN)
s.promote(4, 1, T0 + 6 * MIN)
case("an alternate called for a place never drawn", "A 4th place in a raffle of 3.", s, [[]],
     [[MSG["promo_never_drawn"].format(p=4)]])

s = Story("sorteio-v1")
first(s)
case("alternates in a sorteio-v1 record", "sorteio-v1 draws no alternates: a record of that version that has them "
     "was not made by it.", s, [[MSG["v1_alternates"]]], [])

out = {"about": "sorteio-v2's alternates (docs/draw-algorithm.md §5a, §10a), from sync/testdata/draw/alternates.py: "
                "'picks' draws winners and alternates from a seed; 'records' are public records with promotions, "
                "each with its verdict and the problems of each draw and of each promotion, exactly as every "
                "verifier gives them. Read by the Go tests (sync/draw) and the PWA's Vitest tests.",
       "algorithm": "sorteio-v2", "picks": picks(), "records": cases}
json.dump(out, open(__file__.replace("alternates.py", "alternates.json"), "w"), ensure_ascii=False, indent=1)
