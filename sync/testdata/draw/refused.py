#!/usr/bin/env python3
"""Writes refused-rounds.json: audit records with refused offline rounds (docs/draw-algorithm.md
§11), genuine and tampered, each with the verdict and, per refused round, the problems every
verifier must give and whether it could recompute the round's winners (its declared pool is one the
record derives). Computed with generate.py's independent reference; the expected problems are
written here by hand. Deterministic: run it again only when the record's format or the rules
change."""
import copy, hashlib, json
from generate import audit_pool, digest, pick, sha

MSG = {
    "reason": "Rodada recusada sem um motivo conhecido.",
    "time": "A hora do aparelho desta rodada recusada não é a do seu identificador.",
    "seed": "A semente revelada desta rodada recusada não corresponde ao compromisso que o aparelho declarou.",
    "no_seed": "Esta rodada recusada tem vencedores, mas nenhuma semente revelada.",
    "counted": "Esta rodada recusada também está entre as rodadas que valem.",
    "winner": "O {p}º lugar desta rodada recusada está na lista de vencedores que valem.",
    "recompute": "Os vencedores desta rodada recusada não saem da sua semente e da lista que ela declarou.",
}

POOL = sorted(audit_pool(), key=lambda t: t["id"].encode())
BY_ID = {t["id"]: t for t in POOL}
GROUP = {t["id"]: t["group_id"] for t in POOL}
T0 = 1763700000000
MIN = 60000


def v7(ms, n):
    """A UUIDv7 whose time is ms: a device's draw id made then."""
    return "%08x-%04x-7000-8000-%012x" % (ms >> 16, ms & 0xFFFF, n)


def completed(n, kind, positions, pool, started, label, online=True):
    client, server = sha("recusada cliente %s" % label), sha("recusada servidor %s" % label)
    seed = hashlib.sha256(client + server).digest() if online else client
    rec = {"draw_id": v7(started, n), "round": n, "kind": kind, "positions": positions, "online": online,
           "client_seed": client.hex(), "client_commitment": hashlib.sha256(client).hexdigest(),
           "server_seed": server.hex(), "server_commitment": hashlib.sha256(server).hexdigest(),
           "pool_size": len(pool), "pool_digest": digest(pool), "winners_count": len(positions),
           "allow_duplicate_wins": False, "winners": pick(seed, pool, len(positions), False),
           "started_at": started, "completed_at": started + 10000}
    if kind == "draw":
        rec["pool"] = pool
    return rec


def refused(n, kind, positions, pool, device_at, reason, label, reveal=True):
    """A round a device drew offline over pool, refused by the server for reason; its completion
    revealed the seed and the winners (labelled with the server's ticket where it has one)."""
    client = sha("recusada aparelho %s" % label)
    out = {"draw_id": v7(device_at, 100 + n), "kind": kind, "positions": positions,
           "client_commitment": hashlib.sha256(client).hexdigest(), "pool_size": len(pool),
           "pool_digest": digest(pool), "reason": reason, "device_at": device_at,
           "refused_at": device_at + 20 * MIN, "winners": []}
    if reveal:
        out["client_seed"] = client.hex()
        out["revealed_at"] = out["refused_at"]
        for p, w in zip(positions, pick(client, pool, len(positions), False)):
            t = BY_ID.get(w)
            out["winners"].append({"position": p, "ticket_id": w, "ticket_number": t["ticket_number"] if t else None,
                                   "name": t["name"] if t else ""})
    return out


def genuine():
    """The first draw of 3 places (online); its 2nd place invalidated and redrawn online. Refused:
    a first draw another device drew offline over an older list (one person fewer: not
    recomputable), a redraw of the same 2nd place drawn offline on the other device (discarded:
    its pool is the redraw's, so it is recomputed), and a start whose completion never came."""
    first = completed(1, "draw", [1, 2, 3], POOL, T0, 1)
    won = set(first["winners"])
    groups = {GROUP[w] for w in won}
    redraw_pool = [t for t in POOL if t["id"] not in won and t["group_id"] not in groups]
    redraw = completed(2, "redraw", [2], redraw_pool, T0 + 6 * MIN, 2)
    older = [t for t in POOL if t["group_id"] != POOL[-1]["group_id"]]
    rounds = [refused(1, "draw", [1, 2, 3], older, T0 - 2 * MIN, "pool_changed", 1),
              refused(2, "redraw", [2], redraw_pool, T0 + 5 * MIN + 30000, "position_taken", 2),
              refused(3, "draw", [1, 2, 3], POOL, T0 + 1000, "draw_started", 3, reveal=False)]
    winners = []
    for r in (first, redraw):
        for p, w in zip(r["positions"], r["winners"]):
            at = T0 + 5 * MIN if r is first and p == 2 else None
            winners.append({"id": "%s:%d" % (r["draw_id"], p), "draw_id": r["draw_id"], "position": p,
                            "ticket_id": w, "is_valid": at is None, "invalidated_at": at})
    return {"algorithm": "sorteio-v1",
            "raffle": {"id": "0192f0c0-0000-7000-8000-000000000003", "code": "R3CUS4", "title": "Rifa recusada",
                       "status": "completed"},
            "winners": winners, "abandoned": [], "draws": [first, redraw], "refused_rounds": rounds}


cases = []
RECOMPUTED = [False, True, False]


def case(name, about, record, problems, recomputed=RECOMPUTED):
    verdict = "NÃO CONFERE" if any(problems) else "CONFERE"
    cases.append({"name": name, "about": about, "verdict": verdict,
                  "refused": [{"problems": p, "recomputed": r} for p, r in zip(problems, recomputed)],
                  "record": record})


base = genuine()
case("genuine", genuine.__doc__.split(".")[0] + ", and three refused rounds: all check out.", base, [[], [], []])

r = copy.deepcopy(base)
r["refused_rounds"][1]["client_seed"] = sha("outra semente").hex()
case("seed not committed", "The discarded redraw publishes a seed other than the one it committed to.", r,
     [[], [MSG["seed"]], []], recomputed=[False, False, False])

r = copy.deepcopy(base)
other = next(t["id"] for t in POOL if t["id"] != r["refused_rounds"][1]["winners"][0]["ticket_id"]
             and t["id"] not in base["draws"][0]["winners"])
r["refused_rounds"][1]["winners"][0]["ticket_id"] = other
case("winner changed", "The discarded redraw's winner is replaced by another ticket of its pool.", r,
     [[], [MSG["recompute"]], []])

r = copy.deepcopy(base)
r["refused_rounds"][0]["reason"] = "organizer_choice"
case("unknown reason", "A refused round with a reason outside the closed set.", r, [[MSG["reason"]], [], []])

r = copy.deepcopy(base)
r["refused_rounds"][0]["device_at"] -= 3600000
case("time moved", "A refused round whose device time is not its draw id's.", r, [[MSG["time"]], [], []])

r = copy.deepcopy(base)
r["refused_rounds"][2]["winners"] = [{"position": 1, "ticket_id": POOL[0]["id"], "ticket_number": POOL[0]["ticket_number"],
                                      "name": POOL[0]["name"]}]
case("winners without a seed", "A refused round that names winners without revealing its seed.", r,
     [[], [], [MSG["no_seed"]]])

r = copy.deepcopy(base)
rr = r["refused_rounds"][1]
r["winners"].append({"id": "%s:2" % rr["draw_id"], "draw_id": rr["draw_id"], "position": 2,
                     "ticket_id": rr["winners"][0]["ticket_id"], "is_valid": True, "invalidated_at": None})
case("refused winner counted", "The winners list counts the discarded redraw's winner.", r,
     [[], [MSG["winner"].format(p=2)], []])

r = copy.deepcopy(base)
r["refused_rounds"][0]["draw_id"] = r["draws"][0]["draw_id"]
r["refused_rounds"][0]["device_at"] = T0
case("refused and counted", "A refused round that is also the first draw.", r, [[MSG["counted"]], [], []])

out = {"about": "Audit records with refused offline rounds (docs/draw-algorithm.md §11), from "
                "sync/testdata/draw/refused.py. Each case: the record, the verdict of its refused rounds, and "
                "for each refused round, in order, its problems exactly as every verifier gives them and whether "
                "its winners were recomputed. Its completed rounds all check out. Read by the Go tests "
                "(sync/draw) and the PWA's Vitest tests.",
       "cases": cases}
json.dump(out, open(__file__.replace("refused.py", "refused-rounds.json"), "w"), ensure_ascii=False, indent=1)
