// A plan as people: the preview's rows and the shape the shared fixtures expect.
import type { ImportPlan } from '@/protocol/import/rows'

/** name, email, tickets, first and last ticket number */
export type PersonRow = [string, string | null, number, string | null, string | null]

export function planPeople(plan: ImportPlan, limit = Infinity): PersonRow[] {
  const out: PersonRow[] = []
  for (let i = 0; i < plan.person.length; i++) {
    const p = plan.person[i]
    if (p >= limit) break
    if (p === out.length) out.push([plan.names[i], plan.emails[i], 0, plan.numbers[i], plan.numbers[i]])
    const row = out[p]
    row[2]++
    row[4] = plan.numbers[i]
  }
  return out
}

export function summarisePlan(plan: ImportPlan) {
  return { format: plan.format, people: plan.people, tickets: plan.tickets, rows: planPeople(plan) }
}
