/** Said where an online-only account action cannot run on this device right now. */
export function OfflineNote() {
  return (
    <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      Sem conexão. Esta ação precisa de internet: tente de novo quando a conexão voltar.
    </p>
  )
}
