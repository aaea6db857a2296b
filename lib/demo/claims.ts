import type { Random } from "./people";
import type { DemoPolicy } from "./policies";

const DAY_MS = 86_400_000;

const DESCRIPTIONS: Record<string, string[]> = {
  "MEDICAL-CIVIL-LIABILITY": [
    "Paciente alega sequela após procedimento ambulatorial e pede indenização.",
    "Reclamação de erro de diagnóstico em consulta de rotina.",
    "Familiares questionam a conduta adotada durante internação.",
  ],
  "DENTIST-CIVIL-LIABILITY": [
    "Paciente alega dano estético após harmonização orofacial.",
    "Implante dentário com falha; paciente pede ressarcimento do tratamento.",
    "Reclamação de lesão de nervo após extração de siso.",
  ],
  "DIRECTORS-OFFICERS-CIVIL-LIABILITY": [
    "Ação de acionista minoritário contra a diretoria por decisão de investimento.",
    "Processo trabalhista coletivo que inclui os administradores como réus.",
    "Notificação de órgão regulador sobre atos de gestão do exercício anterior.",
  ],
  "INSURANCE-BROKER-CIVIL-LIABILITY": [
    "Cliente alega que a apólice de automóvel não foi renovada a tempo.",
    "Segurado afirma ter recebido orientação errada sobre a cobertura contratada.",
    "Sinistro negado por informação incorreta na proposta preenchida pela corretora.",
  ],
};

export type DemoClaim = {
  policyId: string;
  occurredAt: Date;
  description: string;
  claimantName: string;
  estimatedCents: number | null;
  createdAt: Date;
};

/**
 * A few claims on the demo policies (about one in ten Issued or Expired policies, one or two
 * each), each occurring within the vigency, before now, and noticed a few days later (never in the
 * future). `random` is its own generator, so adding claims leaves the policies as they were.
 */
export function demoClaims(
  random: Random,
  policies: { id: string; demo: DemoPolicy }[],
  now: Date,
): DemoClaim[] {
  const claims: DemoClaim[] = [];
  for (const { id, demo } of policies) {
    if (demo.status === "Canceled" || !random.chance(0.1)) continue;
    const from = demo.vigencyStartedAt.getTime();
    const until = Math.min(demo.vigencyExpiredAt.getTime(), now.getTime()) - DAY_MS;
    if (until <= from) continue;
    const count = random.chance(0.25) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const occurredAt = new Date(from + Math.floor(random.next() * (until - from)));
      const noticed = Math.min(occurredAt.getTime() + random.int(1, 20) * DAY_MS, now.getTime() - 3_600_000);
      claims.push({
        policyId: id,
        occurredAt,
        description: random.pick(
          DESCRIPTIONS[demo.modality.code] ?? DESCRIPTIONS["MEDICAL-CIVIL-LIABILITY"]!,
        ),
        claimantName: random.chance(0.5) ? demo.insured.name : `Terceiro reclamante ${random.int(100, 999)}`,
        estimatedCents: random.chance(0.7) ? random.int(1_000, 200_000) * 100 : null,
        createdAt: new Date(Math.max(noticed, occurredAt.getTime())),
      });
    }
  }
  return claims;
}
