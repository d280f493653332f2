// A plan as people: the preview's rows and the shape the shared fixtures expect.
import type { ImportPlan } from '@/protocol/import/rows'

/** name, email, tickets, first and last ticket number */
export type PersonRow = [string, string | null, number, string | null, string | null]

export function planPeople(plan: ImportPlan, limit = Infinity): PersonRow[] {
  const out: PersonRow[] = []
  plan.person.forEach((p, i) => {
    if (p >= limit) return
    const number = plan.numbers[i] ?? null
    if (p === out.length) out.push([plan.names[i] ?? '', plan.emails[i] ?? null, 0, number, number])
    const row = out[p]
    if (!row) return
    row[2]++
    row[4] = number
  })
  return out
}

/** Each person's first ticket's phone (the fixtures' `phones`). */
function planPhones(plan: ImportPlan): (string | null)[] {
  const out: (string | null)[] = []
  plan.person.forEach((p, i) => {
    if (p === out.length) out.push(plan.phones[i] ?? null)
  })
  return out
}

export function summarisePlan(plan: ImportPlan) {
  return {
    format: plan.format,
    people: plan.people,
    tickets: plan.tickets,
    rows: planPeople(plan),
    grouped: plan.grouped,
    skipped: plan.skipped,
    warnings: plan.warnings,
    clashes: plan.clashes,
    columns: plan.columns,
    leftOut: plan.leftOut,
    phones: planPhones(plan),
  }
}
