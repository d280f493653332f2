#!/usr/bin/env python3
"""Writes federal.json: the vectors of the Loteria Federal rules, algorithm loteria-federal-v1
(docs/draw-algorithm.md §12), computed by this independent reference (plain lists, no shared code
with Go or TypeScript). The prizes are the published result of concurso 5732 of the Loteria
Federal; where a case needs other digits it says so in its name. Run it again only when the
rules change: the file is deterministic."""
import json, re

FINAL, UNITS = "final-1-premio", "unidades-5-premios"

# The reasons and their pt-BR messages; the catalogue (sync/testdata/catalogue.json,
# "federal_reasons") must say the same.
MESSAGES = {
    "federal_rule_unknown": "Regra da Loteria Federal desconhecida: escolha 'Final do 1º prêmio' ou 'Unidades dos cinco prêmios'.",
    "federal_digits_invalid": "Número de algarismos inválido: 'Final do 1º prêmio' usa de 1 a 5; 'Unidades dos cinco prêmios', sempre 5.",
    "federal_prizes_count": "Informe os cinco prêmios da extração, do 1º ao 5º (foram informados {quantidade}).",
    "federal_prize_invalid": "O {posicao}º prêmio deve ter 5 algarismos, como a Caixa publica (recebido: “{valor}”).",
    "federal_ticket_unnumbered": "Há bilhete sem número: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
    "federal_ticket_not_numeric": "O bilhete “{numero}” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.",
    "federal_ticket_repeated": "Os bilhetes “{numero}” e “{outro}” são o mesmo número na Loteria Federal: deixe só um deles.",
    "federal_digits_short": "A regra alcança números de até {algarismos} algarismos, mas o maior bilhete, {numero}, precisa de {necessarios}.",
    "not_enough_tickets": "Não há bilhetes suficientes para sortear todos os vencedores.",
    "not_enough_people": "Não há participantes diferentes suficientes para sortear todos os vencedores sem repetir pessoas.",
}


class Refused(Exception):
    def __init__(self, code, **params):
        msg = MESSAGES[code]
        for k, v in params.items():
            msg = msg.replace("{%s}" % k, str(v))
        self.code, self.message = code, msg


def value(number):
    """The number a ticket stands for: its digits without leading zeros ("0" for all zeros)."""
    return number.lstrip("0") or "0"


def federal(rule, prizes, pool, count, allow_dup):
    kind, digits = rule["kind"], rule["digits"]
    if kind not in (FINAL, UNITS):
        raise Refused("federal_rule_unknown")
    if (kind == FINAL and not 0 <= digits <= 5) or (kind == UNITS and digits not in (0, 5)):
        raise Refused("federal_digits_invalid")
    if len(prizes) != 5:
        raise Refused("federal_prizes_count", quantidade=len(prizes))
    for i, p in enumerate(prizes):
        if not re.fullmatch(r"[0-9]{5}", p):
            raise Refused("federal_prize_invalid", posicao=i + 1, valor=p)
    by_id = sorted(pool, key=lambda t: t["id"].encode())
    for t in by_id:
        if t["ticket_number"] is None:
            raise Refused("federal_ticket_unnumbered")
        if not re.fullmatch(r"[0-9]+", t["ticket_number"]):
            raise Refused("federal_ticket_not_numeric", numero=t["ticket_number"])
    # Stable sort: equal values stay in id order.
    by_value = sorted(by_id, key=lambda t: (len(value(t["ticket_number"])), value(t["ticket_number"])))
    for a, b in zip(by_value, by_value[1:]):
        if value(a["ticket_number"]) == value(b["ticket_number"]):
            raise Refused("federal_ticket_repeated", numero=a["ticket_number"], outro=b["ticket_number"])
    if by_value:
        top = by_value[-1]["ticket_number"]
        needed = len(value(top))
        k = 5 if kind == UNITS else (digits or min(needed, 5))
        if needed > k:
            raise Refused("federal_digits_short", algarismos=k, numero=top, necessarios=needed)
    else:
        k = 5 if kind == UNITS else (digits or 1)
    if count > len(by_value):
        raise Refused("not_enough_tickets")
    if not allow_dup and count > len({t["group_id"] for t in by_value}):
        raise Refused("not_enough_people")

    if kind == FINAL:
        formed = prizes[0][5 - k:]
        formation = "1º prêmio %s → final %s" % (prizes[0], formed)
    else:
        formed = "".join(p[4] for p in prizes)
        formation = "Unidades do 1º ao 5º prêmio: %s → %s" % (", ".join(prizes), formed)
    nums = [int(t["ticket_number"]) for t in by_value]
    target = int(formed)
    steps, won_ids, won_groups = [], set(), set()
    for position in range(1, count + 1):
        if position == 1:
            j = next((i for i, n in enumerate(nums) if n >= target), None)
            if j is None:
                j, line = 0, formation + " → sem bilhete %s nem acima, volta ao menor" % formed
            elif nums[j] != target:
                line = formation + " → sem bilhete %s, próximo acima" % formed
            else:
                line = formation
        else:
            line = "Depois do bilhete %s" % steps[-1]["ticket_number"]
            j = prev + 1
            while True:
                if j == len(by_value):
                    j, line = 0, line + " → volta ao menor"
                t = by_value[j]
                if t["id"] in won_ids:
                    line += " → pula %s (já premiado)" % t["ticket_number"]
                elif not allow_dup and t["group_id"] in won_groups:
                    line += " → pula %s (pessoa já premiada)" % t["ticket_number"]
                else:
                    break
                j += 1
        t = by_value[j]
        line += " → bilhete %s" % t["ticket_number"]
        steps.append({"position": position, "ticket_id": t["id"], "ticket_number": t["ticket_number"], "line": line})
        won_ids.add(t["id"]); won_groups.add(t["group_id"]); prev = j
    return formed, steps


def uid(n, kind="c"):
    return "0192f0c3-0000-7000-8%s00-%012x" % ({"c": "0", "g": "1"}[kind], n)


def pool_of(rows):
    """rows: (ticket number, person); ids run against the numbers so id order is not number order."""
    people = {}
    out = []
    for i, (num, person) in enumerate(rows):
        g = people.setdefault(person, len(people) + 1)
        out.append({"id": uid(1000 - i), "group_id": uid(g, "g"), "ticket_number": num, "name": person})
    return out


def solo(*nums):
    return pool_of([(n, "Pessoa %s" % n) for n in nums])


def generated(count, group_size):
    """A large list described by a rule, so the file stays small: ticket i (0-based) has id
    uid((i*7919) mod count), person i div group_size, number (i*7) mod 100000 without leading zeros.
    A person's tickets are 7 apart, so walking without duplicates skips many of them."""
    return [{"id": uid((i * 7919) % count), "group_id": uid(i // group_size, "g"),
             "ticket_number": str((i * 7) % 100000), "name": "Pessoa %d" % (i // group_size)}
            for i in range(count)]


P5732 = ["50366", "33514", "45504", "94365", "51105"]


def main():
    cases = []

    def case(name, kind, pool, count, allow_dup=False, prizes=P5732, digits=0, gen=None):
        c = {"name": name, "rule": {"kind": kind, "digits": digits}, "prizes": prizes,
             "winners_count": count, "allow_duplicate_wins": allow_dup}
        if gen:
            c["generate"] = gen
        else:
            c["pool"] = pool
        try:
            formed, steps = federal(c["rule"], prizes, pool, count, allow_dup)
            c["formed"], c["winners"] = formed, steps
        except Refused as e:
            c["error"] = {"code": e.code, "message": e.message}
        cases.append(c)

    # 'Final do 1º prêmio'.
    case("final, 3 digits from the highest number, the number is a ticket", FINAL, solo("1", "120", "365", "366", "367", "512", "999"), 3, True)
    case("final, 366 is missing: the next ticket above", FINAL, solo("12", "300", "365", "370", "371", "800"), 2)
    case("final, nothing at or above 366: wraps to the lowest", FINAL, solo("5", "17", "120", "250", "365"), 3)
    case("final, later positions wrap past the highest", FINAL, solo("100", "366", "900"), 3)
    case("final, 4 digits from the highest number: final 0366", FINAL, solo("1", "366", "2000", "5000", "9999"), 2)
    case("final, 2 digits from the highest number: final 66", FINAL, solo("3", "50", "66", "67", "99"), 2)
    case("final, numbers with leading zeros stand for their value", FINAL, solo("0365", "0366", "0999"), 2)
    case("final, 3 digits fixed by the rule", FINAL, solo("1", "366", "367", "999"), 2, digits=3)
    case("final, 1 digit fixed by the rule: final 6", FINAL, solo("0", "3", "6", "9"), 4, digits=1)
    # 'Unidades dos cinco prêmios'.
    case("units, forms 64455, a ticket", UNITS, solo("1", "10000", "64455", "64456", "99999"), 2)
    case("units, 64455 is missing: the next ticket above", UNITS, solo("100", "64000", "70000", "99998"), 2)
    case("units, nothing at or above 64455: wraps to the lowest", UNITS, solo("100", "2000", "64000"), 3)
    case("units, digits 5 given explicitly", UNITS, solo("64455"), 1, digits=5)
    # The duplicate rule.
    dup = pool_of([("366", "Ana"), ("367", "Ana"), ("368", "Bia"), ("369", "Caio"), ("370", "Ana")])
    case("duplicates not allowed: a person who won is skipped", FINAL, dup, 3)
    case("duplicates allowed: the same person may win the next position", FINAL, dup, 3, True)
    case("duplicates not allowed: skipped, then wraps", FINAL,
         pool_of([("10", "Ana"), ("366", "Ana"), ("367", "Ana"), ("900", "Bia"), ("5", "Caio")]), 3)
    case("duplicates not allowed: wraps, then skipped", FINAL,
         pool_of([("5", "Ana"), ("10", "Caio"), ("366", "Ana"), ("900", "Bia")]), 3)
    case("duplicates not allowed: every position after the first skips", UNITS,
         pool_of([("64455", "Ana"), ("64460", "Ana"), ("70000", "Bia"), ("80000", "Bia"), ("90000", "Ana"), ("12", "Caio")]), 3)
    case("duplicates allowed: wraps around past the first winner", FINAL, solo("366", "900"), 2, True)
    # At scale: 60,000 tickets of 6,000 people, 100 winners.
    gen = {"count": 60000, "group_size": 10}
    case("60,000 tickets, units, 100 winners without duplicates", UNITS, generated(60000, 10), 100, gen=gen)
    case("60,000 tickets, final of 5 digits, 100 winners with duplicates", FINAL, generated(60000, 10), 100, True, gen=gen)
    # Bad input: each refused with its reason.
    case("refused: a ticket number with a letter", FINAL, solo("12", "A13", "366"), 1)
    case("refused: a ticket without a number", FINAL, solo("12", "366") + [{"id": uid(1), "group_id": uid(99, "g"), "ticket_number": None, "name": "Sem número"}], 1)
    case("refused: 07 and 7 are the same number", FINAL, solo("07", "366", "7"), 1)
    case("refused: 'final' with 3 digits, 2,000 tickets need 4", FINAL, solo("1", "366", "1999", "2000"), 1, digits=3)
    case("refused: a 6-digit ticket is beyond the prizes' 5 digits", FINAL, solo("1", "366", "100000"), 1)
    case("refused: 'units' reaches 5 digits, a ticket has 6", UNITS, solo("1", "123456"), 1)
    case("refused: four prizes", FINAL, solo("366"), 1, prizes=P5732[:4])
    case("refused: six prizes", UNITS, solo("366"), 1, prizes=P5732 + ["12345"])
    case("refused: a prize of 4 digits", FINAL, solo("366"), 1, prizes=["50366", "3351", "45504", "94365", "51105"])
    case("refused: a prize with a letter O for a zero", UNITS, solo("366"), 1, prizes=["5O366", "33514", "45504", "94365", "51105"])
    case("refused: an unknown rule", "milhar-2-premio", solo("366"), 1)
    case("refused: 'final' with 6 digits", FINAL, solo("366"), 1, digits=6)
    case("refused: 'units' with 3 digits", UNITS, solo("366"), 1, digits=3)
    case("refused: more winners than tickets", FINAL, solo("1", "366"), 3, True)
    case("refused: more winners than people", FINAL, dup, 4)

    out = {"about": "Vectors of loteria-federal-v1 (docs/draw-algorithm.md §12), from sync/testdata/draw/federal.py. "
                    "Prizes: the published result of concurso 5732 unless a case changes them. Read by the Go tests (sync/draw) and the PWA's Vitest tests.",
           "algorithm": "loteria-federal-v1", "reasons": MESSAGES, "cases": cases}
    with open(__file__.replace("federal.py", "federal.json"), "w") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
