#!/usr/bin/env python3
"""Writes federal-records.json: Loteria Federal rounds as the public record holds them
(docs/draw-algorithm.md §12.6 and §12.7), genuine and tampered, with the verdict every verifier
must give, the lines it shows and, for whole records with a corrected result, the problems the
story of the rounds gives each round. Computed with federal.py's and generate.py's independent
references; the expected verdicts, lines and problems are written here by hand (the script stops
if the references disagree with them). Deterministic: run it again only when the record's format
or the rules change."""
import copy, json
from federal import FINAL, REST, UNITS, federal
from generate import digest

# The story's sentences about corrections, word for word sync/draw/correction.go's and the
# verification page's (pwa/src/features/verify-draw/round-story.ts).
MSG = {
    "not_federal": "Só um resultado da Loteria Federal pode ser substituído por uma correção.",
    "no_successor": "Resultado marcado como substituído, mas a rodada seguinte do registro não o corrige.",
    "before_entry": "Resultado substituído antes de ter sido informado.",
    "counts": "Um resultado substituído não vale, mas o registro conta um vencedor dele.",
    "orphan": "Correção de um resultado que o registro não marca como substituído por ela.",
    "same": "A correção repete os cinco prêmios do resultado que substitui: nada foi corrigido.",
    "other": "A correção não usa a mesma lista fechada e a mesma extração do resultado que substitui.",
    "second_draw": "Sorteio inicial depois de outro já concluído: depois do primeiro sorteio só há re-sorteios de lugares invalidados.",
}
OK, BAD = "CONFERE", "NÃO CONFERE"

P5732 = ["50366", "33514", "45504", "94365", "51105"]
# Typed wrong: the 1st prize's 366 as 512, then as 999.
TYPO = ["50512"] + P5732[1:]
TYPO2 = ["50999"] + P5732[1:]
RULE = {"kind": FINAL, "digits": 0}
STARTED, ENTERED, EXTRACTION = 1674070000000, 1674080000000, 1674079200000
MIN = 60000

# The lines each result gives over the list below, by hand.
LINES = {
    tuple(P5732): ["1º prêmio 50366 → final 366 → bilhete 366", "Depois do bilhete 366 → bilhete 367"],
    tuple(TYPO): ["1º prêmio 50512 → final 512 → bilhete 512", "Depois do bilhete 512 → bilhete 800"],
    tuple(TYPO2): ["1º prêmio 50999 → final 999 → bilhete 999", "Depois do bilhete 999 → volta ao menor → bilhete 012"],
}
# 'Resto da divisão pelo número de bilhetes' (loteria-federal-v2) over the same list, by hand: the
# 25 digits end in 105, so modulo 8 they leave 1 (2nd of 8: 300, Bia's); without Bia's 300 and 800
# six are left, and the number is odd with digits summing to 93, so modulo 6 it leaves 3 (370).
REST_RULE = {"kind": REST, "digits": 0}
REST_LINES = ["Prêmios do 1º ao 5º em sequência: 5036633514455049436551105 → resto da divisão por 8: 1 → 2º de 8 → bilhete 300",
              "Restam 6 bilhetes → resto da divisão por 6: 3 → 4º de 6 → bilhete 370"]


def did(n):
    return "0192f0c1-0000-7000-8000-00000000d%03d" % n


def pool():
    """Eight numbered tickets of five people, in canonical (id) order."""
    names = ["Ana", "Bia", "Caio", "Duda", "Eva"]
    numbers = ["012", "300", "366", "367", "370", "512", "800", "999"]
    return [{"id": "0192f0c1-0000-7000-8000-0000000c%04d" % (i + 1), "group_id": "0192f0c1-0000-7000-8000-0000000b%04d" % (i % 5 + 1),
             "ticket_number": n, "name": names[i % 5]} for i, n in enumerate(numbers)]


POOL = pool()


def result(prizes, rule=RULE):
    """The winners and lines of prizes over POOL, two places without repeating people; checked
    against the lines written by hand."""
    _, steps = federal(rule, prizes, POOL, 2, False)
    lines = [s["line"] for s in steps]
    assert lines == (REST_LINES if rule == REST_RULE else LINES[tuple(prizes)]), lines
    return [s["ticket_id"] for s in steps], lines


def round_record(n, prizes, started, completed, with_pool=True, rule=RULE, algorithm="loteria-federal-v1"):
    """A Loteria Federal round as the public record holds it, keys in the record's order."""
    winners, lines = result(prizes, rule)
    rec = {"draw_id": did(n), "round": n, "kind": "draw", "positions": [1, 2], "online": False,
           "client_seed": "", "client_commitment": ""}
    if with_pool:
        rec["pool"] = POOL
    rec.update({"pool_size": len(POOL), "pool_digest": digest(POOL), "winners_count": 2, "allow_duplicate_wins": False,
                "winners": winners, "started_at": started, "completed_at": completed,
                "federal": {"algorithm": algorithm, "concurso": 5732, "extraction_at": EXTRACTION,
                            "rule": rule, "prizes": list(prizes), "steps": lines}})
    return rec


def single_cases():
    """One round alone: the genuine one and seven tampered, then the remainder rule of version 2
    (genuine, and named version 1), and a version-1 rule recorded as version 2."""
    genuine = round_record(1, P5732, STARTED, ENTERED)
    remainder = round_record(1, P5732, STARTED, ENTERED, rule=REST_RULE, algorithm="loteria-federal-v2")
    older = copy.deepcopy(remainder)
    older["federal"]["algorithm"] = "loteria-federal-v1"

    def clone(edit):
        r = copy.deepcopy(genuine)
        edit(r)
        return r

    def swap(r):
        r["winners"] = r["winners"][::-1]

    return [
        {"name": "genuine", "about": "Concurso 5732, 'Final do 1º prêmio': 366, then the next person's ticket.",
         "verdict": OK, "lines": LINES[tuple(P5732)], "record": genuine},
        {"name": "wrong winner", "about": "The 2nd place names the ticket after the real one.", "verdict": BAD,
         "record": clone(lambda r: r["winners"].__setitem__(1, r["pool"][5]["id"]))},
        {"name": "winners swapped", "about": "The 1st and 2nd places swapped.", "verdict": BAD, "record": clone(swap)},
        {"name": "1st prize changed", "about": "50366 became 50512: the record's winners no longer follow.", "verdict": BAD,
         "record": clone(lambda r: r["federal"]["prizes"].__setitem__(0, "50512"))},
        {"name": "a prize of four digits", "about": "The 3rd prize lost a digit.", "verdict": BAD,
         "record": clone(lambda r: r["federal"]["prizes"].__setitem__(2, "4550"))},
        {"name": "rule changed", "about": "The rule became 'Unidades dos cinco prêmios'.", "verdict": BAD,
         "record": clone(lambda r: r["federal"].__setitem__("rule", {"kind": UNITS, "digits": 0}))},
        {"name": "a ticket renamed", "about": "The pool no longer has the digest published when the list closed.", "verdict": BAD,
         "record": clone(lambda r: r["pool"][0].__setitem__("name", "Outra"))},
        {"name": "unknown algorithm", "about": "A Loteria Federal record of another algorithm.", "verdict": BAD,
         "record": clone(lambda r: r["federal"].__setitem__("algorithm", "loteria-federal-v9"))},
        {"name": "genuine, remainder rule", "about": "loteria-federal-v2, 'Resto da divisão pelo número de bilhetes': 300, then 370.",
         "verdict": OK, "lines": REST_LINES, "record": remainder},
        {"name": "remainder rule named version 1", "about": "Version 1 had no remainder rule: a record saying so was not computed by it.",
         "verdict": BAD, "record": older},
        {"name": "version 2 reads the rules of version 1", "about": "A 'Final do 1º prêmio' round recorded as loteria-federal-v2 computes as before.",
         "verdict": OK, "lines": LINES[tuple(P5732)], "record": clone(lambda r: r["federal"].__setitem__("algorithm", "loteria-federal-v2"))},
    ]


def corrected(results):
    """A whole record whose result was typed as results[0] and corrected to each next one, a
    minute apart; the last counts. The winners list holds the last round's winners."""
    draws, at = [], ENTERED
    for i, prizes in enumerate(results):
        n = i + 1
        rec = round_record(n, prizes, STARTED if n == 1 else at, at, with_pool=n == 1)
        if n > 1:
            rec["replaces"] = did(n - 1)
            draws[-1]["replaced_by"], draws[-1]["replaced_at"] = did(n), at
        draws.append(rec)
        at += 10 * MIN
    last = draws[-1]
    winners = [{"draw_id": last["draw_id"], "position": p, "ticket_id": t, "is_valid": True, "invalidated_at": None}
               for p, t in zip(last["positions"], last["winners"])]
    return {"algorithm": "sorteio-v2", "raffle": {"id": "0192f0c1-0000-7000-8000-00000000a001", "code": "K7P2QX", "title": "Rifa da festa"},
            "winners": winners, "draws": draws}


def export_case(name, about, verdicts, story, export, lines=None):
    c = {"name": name, "about": about, "verdicts": verdicts, "story": story}
    if lines is not None:
        c["lines"] = lines
    c["export"] = export
    return c


def correction_cases():
    once = corrected([TYPO, P5732])
    out = [
        export_case("corrected", "The 1st prize typed as 50512, corrected to 50366 ten minutes later: the first round stays, replaced.",
                    [OK, OK], [[], []], once, [LINES[tuple(TYPO)], LINES[tuple(P5732)]]),
        export_case("corrected twice", "50512, then 50999, then 50366: each correction replaces the one before.",
                    [OK, OK, OK], [[], [], []], corrected([TYPO, TYPO2, P5732]),
                    [LINES[tuple(TYPO)], LINES[tuple(TYPO2)], LINES[tuple(P5732)]]),
    ]

    def tamper(name, about, verdicts, story, edit):
        e = copy.deepcopy(once)
        edit(e)
        out.append(export_case(name, about, verdicts, story, e))

    def counts(e):
        old = e["draws"][0]
        e["winners"] += [{"draw_id": old["draw_id"], "position": p, "ticket_id": t, "is_valid": True, "invalidated_at": None}
                         for p, t in zip(old["positions"], old["winners"])]

    def same(e):
        new = e["draws"][1]
        new["winners"], new["federal"]["steps"] = result(TYPO)
        new["federal"]["prizes"] = list(TYPO)
        e["winners"] = [dict(w, ticket_id=t) for w, t in zip(e["winners"], new["winners"])]

    def swapped(e):
        e["draws"][1]["winners"] = e["draws"][1]["winners"][::-1]

    def unmarked(e):
        del e["draws"][0]["replaced_by"], e["draws"][0]["replaced_at"]

    tamper("a replaced result that counts", "The winners list still counts the replaced round's winners.",
           [BAD, OK], [[MSG["counts"]], []], counts)
    tamper("a correction with the same prizes", "The correction repeats the replaced round's five prizes.",
           [OK, BAD], [[], [MSG["same"]]], same)
    tamper("replaced before its entry", "The replacement's time is a minute before the wrong result was entered.",
           [BAD, OK], [[MSG["before_entry"]], []], lambda e: e["draws"][0].__setitem__("replaced_at", ENTERED - MIN))
    tamper("a correction whose winners do not follow", "The correction's 1st and 2nd places swapped.",
           [OK, BAD], [[], []], swapped)
    tamper("replaced with no successor", "The correction was removed: the first round says it was replaced by a round the record lacks.",
           [BAD], [[MSG["no_successor"]]], lambda e: (e["draws"].pop(), e.__setitem__("winners", [])))
    tamper("a correction of an unmarked result", "The first round no longer says it was replaced, so two results count.",
           [OK, BAD], [[], [MSG["second_draw"], MSG["orphan"]]], unmarked)
    tamper("a correction of another extraction", "The correction names concurso 5733.",
           [OK, BAD], [[], [MSG["other"]]], lambda e: e["draws"][1]["federal"].__setitem__("concurso", 5733))
    return out


def main():
    out = {"about": "Loteria Federal rounds as the public record holds them (docs/draw-algorithm.md §12.6, §12.7): single rounds with "
                    "the verdict every verifier must give and, for genuine ones, the lines it shows; whole records with a corrected "
                    "result, with each round's verdict, its lines and the problems the story of the rounds gives it. Written by "
                    "sync/testdata/draw/federal_records.py; read by TestFederalRecords (sync/draw), `sorteio verify` "
                    "(server/internal/auditreport) and the verification page's Vitest tests.",
           "messages": MSG, "cases": single_cases() + correction_cases()}
    with open(__file__.replace("federal_records.py", "federal-records.json"), "w") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
