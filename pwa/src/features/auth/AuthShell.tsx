import type { ReactNode } from 'react'
import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { Logo } from '@/components/ui/Logo'
import { PageContainer } from '@/components/ui/PageContainer'

/** The frame of the account screens outside the app: logo, heading, one card. */
export function AuthShell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <PageContainer className="flex min-h-dvh flex-col">
      <div>
        <BackLink to="/auth">Voltar para Entrar</BackLink>
      </div>
      <div className="flex flex-1 flex-col justify-center py-6">
        <div className="mb-6 flex flex-col items-center text-center">
          <Logo />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
          {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        </div>
        <Card>{children}</Card>
      </div>
    </PageContainer>
  )
}
