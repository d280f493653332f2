import type { ComponentType, SVGProps } from 'react'
import { ShieldIcon, TicketIcon, ZapIcon } from '@/components/ui/icons'

interface Blurb {
  title: string
  text: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

const blurbs: Blurb[] = [
  {
    title: 'Com ou sem bilhetes',
    text: 'Sorteie por nome ou por bilhetes numerados, do jeito que seu evento precisa.',
    Icon: TicketIcon,
  },
  {
    title: 'Tempo real',
    text: 'O público acompanha a contagem regressiva e os vencedores ao vivo.',
    Icon: ZapIcon,
  },
  {
    title: 'Totalmente seguro',
    text: 'Seus dados ficam protegidos e cada resultado pode ser verificado.',
    Icon: ShieldIcon,
  },
]

export function FeatureBlurbs() {
  return (
    <section aria-label="Recursos" className="mt-10 grid gap-6 sm:mt-14 sm:grid-cols-3">
      {blurbs.map(({ title, text, Icon }) => (
        <div key={title} className="flex gap-4 sm:flex-col sm:items-center sm:text-center">
          <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon className="size-5" />
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        </div>
      ))}
    </section>
  )
}
