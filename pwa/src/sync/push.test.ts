import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { enqueue, pendingOps } from '@/db/outbox'
import { createRaffle, getRaffle, updateRaffle, writeTx, type NewRaffle } from '@/db/raffles'
import { ApiError, NetworkError } from '@/lib/api'
import { SCHEMA_VERSION } from '@/protocol/wire'
import { nextBatch, nextEncodedBatch, PushRefused, pushBody, pushOutbox, toWire } from '@/sync/push'
import { FakeSyncServer } from '@/sync/testing/fake-server'
import { ANA, contextFor, freshDb } from '@/sync/testing/helpers'

const input: NewRaffle = { title: 'Rifa', description: '', type: 'simple', winnersCount: 1, countdownSeconds: 0 }

function setup() {
  const db = freshDb()
  const server = new FakeSyncServer()
  server.user = ANA
  return { db, server, ctx: contextFor(db, server, ANA) }
}

/** Makes n title updates on one raffle; returns their op ids in order. */
async function writes(db: ReturnType<typeof freshDb>, n: number): Promise<{ raffleId: string; opIds: string[] }> {
  const { id } = await createRaffle(ANA, input, db)
  for (let i = 1; i <= n; i++) await updateRaffle(ANA, id, { title: `Título ${i}` }, db)
  return { raffleId: id, opIds: (await pendingOps(db, ANA)).map((o) => o.opId) }
}

describe('pushBody', () => {
  it('is the push request as JSON, made from the ops encoded once by nextEncodedBatch', async () => {
    const db = freshDb()
    await writes(db, 2)
    const { rows, encoded } = await nextEncodedBatch(db, ANA)
    expect(rows).toHaveLength(3)
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(pushBody(ANA, rows[0]!.clientId, encoded))
    })
    expect(JSON.parse(text)).toEqual({ client_id: rows[0]!.clientId, user_id: ANA, schema_version: SCHEMA_VERSION, ops: rows.map(toWire) })
  })
})

describe('push', () => {
  it('sends the outbox in the order it was written, with mutation ids 1..n, and empties it', async () => {
    const { db, server, ctx } = setup()
    const { raffleId, opIds } = await writes(db, 4)
    await pushOutbox(ctx)
    expect(server.pushes).toHaveLength(1)
    const [push] = server.pushes
    expect(push!.schema_version).toBe(SCHEMA_VERSION)
    expect(push!.ops.map((o) => o.op_id)).toEqual(opIds)
    expect(push!.ops.map((o) => o.mutation_id)).toEqual([1, 2, 3, 4, 5])
    expect(push!.ops.every((o) => o.raffle_id === raffleId)).toBe(true)
    expect(await db.outbox.count()).toBe(0)
    expect(server.raffles.get(raffleId)!.raffle.title).toBe('Título 4')
    // Its own pushes count as held: the feed will not make it download them again.
    expect((await db.syncState.get(raffleId))?.headSeq).toBe(5)
  })

  it('splits the outbox into pushes of at most 500 ops, in order', async () => {
    const { db, server, ctx } = setup()
    const { id } = await createRaffle(ANA, input, db)
    await writeTx(db, async () => {
      for (let i = 0; i < 600; i++) await enqueue(db, ANA, id, 'raffle.update', { winners_count: (i % 100) + 1 })
    })
    await pushOutbox(ctx)
    expect(server.pushes.map((p) => p.ops.length)).toEqual([500, 101])
    const mutations = server.pushes.flatMap((p) => p.ops.map((o) => o.mutation_id))
    expect(mutations).toEqual(Array.from({ length: 601 }, (_, i) => i + 1))
  })

  it('keeps big payloads under the byte budget, always sending at least one op', async () => {
    const { db } = setup()
    await writes(db, 3)
    expect(await nextBatch(db, ANA, 1)).toHaveLength(1)
    expect(await nextBatch(db, ANA, 10_000)).toHaveLength(4)
  })

  it('keeps every op, in order, when the push fails on the network', async () => {
    const { db, server, ctx } = setup()
    const { opIds } = await writes(db, 2)
    server.faults.push('network')
    await expect(pushOutbox(ctx)).rejects.toBeInstanceOf(NetworkError)
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds)
    await pushOutbox(ctx)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a push cut off after some ops were applied: the retry gets them as duplicates, nothing twice', async () => {
    const { db, server, ctx } = setup()
    const { raffleId, opIds } = await writes(db, 3)
    server.faults.push({ failAfterOps: 2 })
    await expect(pushOutbox(ctx)).rejects.toMatchObject({ status: 500 })
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds)
    await pushOutbox(ctx)
    expect(await db.outbox.count()).toBe(0)
    expect(server.raffles.get(raffleId)!.headSeq).toBe(4)
    expect(server.raffles.get(raffleId)!.log.map((c) => c.op_id)).toEqual(opIds)
  })

  it('an answer covering only the first ops drops those and keeps the rest in order', async () => {
    const { db, server, ctx } = setup()
    const { opIds } = await writes(db, 3)
    const api = ctx.api
    ctx.api = {
      ...api,
      push: async (body, signal) => {
        const { results } = await api.push(body, signal)
        return { results: results.slice(0, 2) }
      },
    }
    await expect(pushOutbox(ctx)).rejects.toThrow('Resposta incompleta')
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds.slice(2))
    ctx.api = api
    await pushOutbox(ctx)
    expect(await db.outbox.count()).toBe(0)
    expect(server.pushes.at(-1)!.ops.map((o) => o.op_id)).toEqual(opIds.slice(2))
  })

  it('drops nothing when the answers do not match the ops sent', async () => {
    const { db, ctx } = setup()
    const { opIds } = await writes(db, 1)
    const api = ctx.api
    ctx.api = { ...api, push: async (body, signal) => ({ results: (await api.push(body, signal)).results.reverse() }) }
    await expect(pushOutbox(ctx)).rejects.toThrow('Resposta incompleta')
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds)
  })

  it('adopts the code the server gave instead of a taken one, and says so', async () => {
    const { db, server, ctx } = setup()
    const raffle = await createRaffle(ANA, input, db)
    server.takenCodes.add(raffle.code)
    await pushOutbox(ctx)
    const code = server.raffles.get(raffle.id)!.raffle.code
    expect(code).not.toBe(raffle.code)
    expect((await getRaffle(ANA, raffle.id, db))!.code).toBe(code)
    expect(ctx.events).toEqual([{ type: 'code-changed', raffleId: raffle.id, code }])
  })

  it('401: throws, keeps the outbox; 403 forbidden_client likewise', async () => {
    const { db, server, ctx } = setup()
    await writes(db, 1)
    server.user = null
    await expect(pushOutbox(ctx)).rejects.toMatchObject({ status: 401 })
    expect(await db.outbox.count()).toBe(2)
    server.user = ANA
    const clientId = (await pendingOps(db, ANA))[0]!.clientId
    server.clients.set(clientId, { userId: 'outra-conta', last: 0 })
    const error = await pushOutbox(ctx).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'forbidden_client' })
    expect(await db.outbox.count()).toBe(2)
  })

  it('413: splits the push into smaller ones, in order, and sends everything', async () => {
    const { db, server, ctx } = setup()
    const { opIds } = await writes(db, 9)
    server.maxOpsPerPush = 3
    await pushOutbox(ctx)
    expect(await db.outbox.count()).toBe(0)
    const accepted = server.pushes.filter((p) => p.ops.length <= 3)
    expect(accepted.flatMap((p) => p.ops.map((o) => o.op_id))).toEqual(opIds)
    expect(server.pushes[0]!.ops).toHaveLength(10)
    // 10 → 5 → 3 ops, then pushes of 3 that go through: no halving again for each batch.
    expect(server.pushes.map((p) => p.ops.length)).toEqual([10, 5, 3, 3, 3, 1])
  })

  it('400 (or 413 for one op): stops with PushRefused, keeps that op and everything after it', async () => {
    const { db, server, ctx } = setup()
    const { opIds } = await writes(db, 5)
    server.malformed.add(opIds[3]!)
    const error = await pushOutbox(ctx).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PushRefused)
    expect(error).toMatchObject({ status: 400, message: 'O corpo da requisição não é um JSON válido.' })
    // The ops before the one at fault went through; it and the rest wait, in order.
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds.slice(3))
    const pushes = server.pushes.length
    // A retry sends the op at fault alone, and stops again: no loop of requests.
    await expect(pushOutbox(ctx)).rejects.toBeInstanceOf(PushRefused)
    expect(server.pushes.length - pushes).toBeLessThanOrEqual(4)
    expect((await pendingOps(db, ANA)).map((o) => o.opId)).toEqual(opIds.slice(3))
    server.malformed.clear()
    await pushOutbox(ctx)
    expect(await db.outbox.count()).toBe(0)
  })

  it('builds a push by reading only the rows it sends (and the one that stops it)', async () => {
    const { db } = setup()
    await writes(db, 30)
    let read = 0
    db.outbox.hook('reading', (row) => {
      read++
      return row
    })
    expect(await nextBatch(db, ANA, 10_000, 5)).toHaveLength(5)
    expect(read).toBeLessThanOrEqual(6)
  })
})
