#!/usr/bin/env python3
"""Writes vectors.json (the draw vectors) and audit-export.json (a raffle's exported
draw history, docs/draw-algorithm.md §9, as GET /api/public/raffles/{code}/audit
answers it), both computed by this independent reference implementation of
docs/draw-algorithm.md (plain lists, no shared code with Go or TypeScript). Both
files are deterministic; run it again only when the algorithm or the export format
changes."""
import hashlib, hmac, json, struct

ALG = b"sorteio-v1"

def digest(pool):
    h = hashlib.sha256()
    for t in pool:
        for f in (t["id"], t["group_id"]):
            b = f.encode(); h.update(struct.pack(">I", len(b)) + b)
        if t["ticket_number"] is None:
            h.update(b"\xff\xff\xff\xff")
        else:
            b = t["ticket_number"].encode(); h.update(struct.pack(">I", len(b)) + b)
        b = t["name"].encode(); h.update(struct.pack(">I", len(b)) + b)
    return h.hexdigest()

class Stream:
    def __init__(self, seed):
        self.seed, self.counter, self.words = seed, 0, []
    def u32(self):
        if not self.words:
            block = hmac.new(self.seed, ALG + struct.pack(">Q", self.counter), hashlib.sha256).digest()
            self.counter += 1
            self.words = [struct.unpack(">I", block[i:i+4])[0] for i in range(0, 32, 4)]
        return self.words.pop(0)
    def intn(self, n):
        limit = 2**32 - (2**32 % n)
        while True:
            v = self.u32()
            if v < limit:
                return v % n

def pick(seed, pool, count, allow_dup):
    alive = sorted(pool, key=lambda t: t["id"].encode())
    s, winners = Stream(seed), []
    for _ in range(count):
        w = alive[s.intn(len(alive))]
        winners.append(w["id"])
        alive = [t for t in alive if (t["id"] != w["id"] if allow_dup else t["group_id"] != w["group_id"])]
    return winners

def uid(n, kind="c"):
    # UUID-shaped ids, sortable, unique per n.
    return "0192f0c1-0000-7000-8%s%02x-%012x" % ({"c": "0", "g": "1"}[kind], 0, n)

def generated(count, group_size):
    pool = []
    for i in range(count):
        g = i // group_size
        pool.append({"id": uid((i * 7919) % count), "group_id": uid(g, "g"),
                     "ticket_number": "%03d" % (i % group_size + 1), "name": "Pessoa %d" % g})
    return pool

def sha(s): return hashlib.sha256(s.encode()).digest()

def vectors():
    """Writes vectors.json."""
    cases = []
    def case(name, seed, pool, count, allow_dup, gen=None):
        c = {"name": name, "seed": seed.hex(), "winners_count": count, "allow_duplicate_wins": allow_dup}
        if gen: c["generate"] = gen
        else: c["pool"] = pool
        canon = sorted(pool, key=lambda t: t["id"].encode())
        c["pool_digest"] = digest(canon)
        c["winners"] = pick(seed, pool, count, allow_dup)
        cases.append(c)

    def t(i, g, name, num="001"):
        return {"id": uid(i), "group_id": uid(g, "g"), "ticket_number": num, "name": name}

    case("one ticket", sha("um"), [t(1, 1, "Ana")], 1, False)
    five = [t(i, i, "Pessoa %d" % i) for i in range(5, 0, -1)]
    case("k equals the pool size", sha("cinco"), five, 5, True)
    case("k equals the people, duplicates not allowed", sha("grupos"),
         [t(1, 1, "Ana", "001"), t(2, 1, "Ana", "002"), t(3, 2, "Bia", None), t(4, 3, "Caio", "003"), t(5, 3, "Caio", "004")], 3, False)
    one_group = [t(i, 9, "Dona Maria", "%03d" % i) for i in range(1, 7)]
    case("every ticket in one group, duplicates not allowed", sha("grupo"), one_group, 1, False)
    case("every ticket in one group, duplicates allowed", sha("grupo"), one_group, 6, True)
    case("unicode names", sha("unicode"),
         [t(1, 1, "José da Conceição"), t(2, 2, "Zoë 🎉"), t(3, 3, "李小龙"), t(4, 4, "  Ana\tMaria ")], 2, False)
    case("duplicates allowed can pick one person twice", sha("dup"),
         [t(i, 1 if i <= 8 else i, "Ana" if i <= 8 else "P%d" % i, "%03d" % i) for i in range(1, 11)], 4, True)
    big = generated(100000, 10)
    case("100,000 tickets, 100 winners", sha("cem mil"), big, 100, False,
         gen={"count": 100000, "group_size": 10, "rule": "ticket i (0-based): id = uuid((i*7919) mod count), group = i div group_size, ticket_number = (i mod group_size)+1 as 3 digits, name = 'Pessoa <group>'; see generate.py"})

    client, server = sha("cliente"), sha("servidor")
    combined = hashlib.sha256(client + server).digest()
    s = Stream(sha("fluxo"))
    words = [s.u32() for _ in range(10)]
    s2 = Stream(sha("rejeição"))
    n = 3 * 2**30
    draws = [s2.intn(n) for _ in range(20)]

    out = {
        "about": "Draw vectors for sorteio-v1 (docs/draw-algorithm.md), from sync/testdata/draw/generate.py. Read by the Go tests (sync/draw) and the PWA's Vitest tests.",
        "algorithm": "sorteio-v1",
        "combine": {"client_seed": client.hex(), "server_seed": server.hex(), "seed": combined.hex()},
        "stream": {"seed": sha("fluxo").hex(), "first_words": words},
        "intn": {"seed": sha("rejeição").hex(), "n": n, "draws": draws},
        "cases": cases,
    }
    json.dump(out, open(__file__.replace("generate.py", "vectors.json"), "w"), ensure_ascii=False, indent=1)


def audit_pool():
    """The audit record's tickets: 12 people with 1 to 5 tickets each (27 in all)."""
    people = [("Ana Souza", 3), ("Bruno Lima", 1), ("Carla Dias", 2), ("Davi Rocha", 4),
              ("Érica Nunes", 1), ("Fábio Melo", 2), ("Gabriela Reis", 3), ("Heitor Alves", 1),
              ("Iara Gomes", 2), ("João da Conceição", 5), ("Karina Pires", 1), ("Luís Araújo", 2)]
    total = sum(n for _, n in people)
    pool, i = [], 0
    for g, (name, n) in enumerate(people):
        for _ in range(n):
            # Ids in another order than the ticket numbers, so canonical order matters.
            pool.append({"id": uid((i * 7) % total + 1), "group_id": uid(g + 1, "g"),
                         "ticket_number": "%03d" % (i + 1), "name": name})
            i += 1
    return pool


def audit_export():
    """A ticket raffle (3 winners, duplicates not allowed) whose first round, online, was
    abandoned (its device never revealed); the second round drew online; the 2nd place is
    invalidated and redrawn offline (with the device's times); then the 3rd place is invalidated
    and not redrawn yet.
    Only the first draw publishes its pool: the verifier derives the redraw's (§6, §9).
    Invalidation reasons are never public. Seeds and times are fixed so the file never changes."""
    pool = audit_pool()
    by_id = {t["id"]: t for t in pool}
    canon_all = sorted(pool, key=lambda t: t["id"].encode())

    def draw_id(n): return "0192f0c2-0000-7000-8000-%012x" % n

    def round_(n, label, kind, positions, online, pool, started, completed):
        # label names the seeds and the id; n is the round's number in the raffle.
        client, server = sha("auditoria cliente %d" % label), sha("auditoria servidor %d" % label)
        seed = hashlib.sha256(client + server).digest() if online else client
        canon = sorted(pool, key=lambda t: t["id"].encode())
        rec = {"draw_id": draw_id(label), "round": n, "kind": kind, "positions": positions,
               "online": online,
               "client_seed": client.hex(), "client_commitment": hashlib.sha256(client).hexdigest(),
               # Offline rounds log the server's seed too, though only the client's was used.
               "server_seed": server.hex(), "server_commitment": hashlib.sha256(server).hexdigest(),
               "pool_size": len(canon), "pool_digest": digest(canon),
               "winners_count": len(positions), "allow_duplicate_wins": False,
               "winners": pick(seed, canon, len(positions), False),
               "started_at": started, "completed_at": completed}
        if kind == "draw":
            rec["pool"] = canon  # the only pool published
        return rec

    abandoned = {"draw_id": draw_id(0), "round": 1, "kind": "draw", "positions": [1, 2, 3], "online": True,
                 "client_commitment": hashlib.sha256(sha("auditoria cliente 0")).hexdigest(),
                 "server_commitment": hashlib.sha256(sha("auditoria servidor 0")).hexdigest(),
                 "pool_size": len(canon_all), "pool_digest": digest(canon_all),
                 "started_at": 1763690000000, "abandoned_at": 1763690100000}
    first = round_(2, 1, "draw", [1, 2, 3], True, pool, 1763700000000, 1763700010000)
    # A redraw's pool leaves out every winner so far, valid or not, with their groups (§6).
    taken = {by_id[w]["group_id"] for w in first["winners"]}
    redraw = round_(3, 2, "redraw", [2], False, [t for t in pool if t["group_id"] not in taken],
                    1763700400000, 1763700401000)
    # Drawn offline 50 s before the network came back (the device's clock, 20 s behind the
    # server's at its last sync): informative times, never verified (docs/draw-algorithm.md §9).
    redraw.update({"device_started_at": 1763700350000, "device_completed_at": 1763700351000,
                   "device_clock_offset": 20000})
    w1, w2, w3 = first["winners"]

    def winner(rec, position, ticket, invalidated_at=None):
        return {"id": "%s:%d" % (rec["draw_id"], position), "draw_id": rec["draw_id"], "position": position,
                "ticket_id": ticket, "is_valid": invalidated_at is None, "invalidated_at": invalidated_at}
    winners = [winner(first, 1, w1), winner(first, 2, w2, 1763700300000), winner(redraw, 2, redraw["winners"][0]),
               winner(first, 3, w3, 1763700500000)]
    export = {"algorithm": "sorteio-v1",
              "raffle": {"id": "0192f0c0-0000-7000-8000-000000000001", "code": "K7P2QX", "title": "Rifa da festa",
                         "status": "completed"},
              "winners": winners, "abandoned": [abandoned], "draws": [first, redraw]}
    json.dump(export, open(__file__.replace("generate.py", "audit-export.json"), "w"), ensure_ascii=False, indent=1)


if __name__ == "__main__":
    vectors()
    audit_export()
