import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ClaimNoticeForm } from "@/components/claims/claim-notice-form";
import { RenewPolicyButton } from "@/components/claims/renew-policy-button";
import { StaticTable, type StaticTableColumn } from "@/components/data-table/static-table";
import { CancelPolicyForm } from "@/components/policies/cancel-policy-form";
import { InstallmentStatusBadge } from "@/components/policies/installment-status-badge";
import { PolicyStatusBadge } from "@/components/policies/policy-status-badge";
import { ShareActions } from "@/components/share/share-actions";
import { getDb } from "@/db/index";
import { findLiveRenewal } from "@/db/queries/quotations";
import { listInstallmentTypeableLines } from "@/db/queries/share";
import { requireUser } from "@/lib/auth/session";
import { listClaims } from "@/lib/claims/list-claims";
import { businessDay } from "@/lib/dates";
import { formatDate, formatReais, PAYMENT_METHOD_TEXT } from "@/lib/format/pt-br";
import { publicOrigin } from "@/lib/http/public-origin";
import { formatIdentity } from "@/lib/identity";
import { formatBrl } from "@/lib/money";
import { loadPolicyDetail } from "@/lib/policies/load-detail";
import { renewalEligibility } from "@/lib/renewals/renew-policy";
import { cancelPolicyAction, noticeClaimAction, renewPolicyAction } from "./actions";

const CLAIMS_SHOWN = 20;

type Params = Promise<{ number: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Apólice ${(await params).number}` };
}

type Claim = Awaited<ReturnType<typeof listClaims>>["list"][number];

const CLAIM_COLUMNS: StaticTableColumn<Claim>[] = [
  { header: "Protocolo", cell: (claim) => claim.protocol },
  { header: "Ocorrência", cell: (claim) => formatDate(claim.occurredAt) },
  { header: "Reclamante", cell: (claim) => claim.claimantName },
  {
    header: "Valor estimado",
    align: "right",
    cell: (claim) => (claim.estimatedValue === null ? "—" : formatReais(claim.estimatedValue)),
  },
  { header: "Situação", cell: (claim) => claim.statusText },
  { header: "Avisado em", cell: (claim) => formatDate(claim.createdAt) },
];

export default async function PolicyPage({ params }: { params: Params }) {
  const user = await requireUser();
  const { number } = await params;
  const detail = await loadPolicyDetail(await getDb(), user.brokerId, number, publicOrigin(await headers()));
  if (!detail) notFound();
  const { policy, document } = detail;
  const address = document?.insured.address;
  const db = await getDb();
  const [claims, liveRenewal, lines] = await Promise.all([
    listClaims(db, user.brokerId, policy.policyNumber, { page: 1, itemsPerPage: CLAIMS_SHOWN }),
    findLiveRenewal(db, policy.identifier),
    listInstallmentTypeableLines(db, policy.identifier),
  ]);
  const typeableLine = new Map(lines.map((line) => [line.installmentNumber, line.typeableLine]));
  const policyLinks = [
    ...(detail.policyPdfUrl ? [{ label: "Apólice (PDF)", url: detail.policyPdfUrl }] : []),
    ...(detail.ticketUrl ? [{ label: "Boletos (PDF)", url: detail.ticketUrl }] : []),
  ];
  const installmentCount = policy.installments.length;
  const installmentColumns: StaticTableColumn<(typeof policy.installments)[number]>[] = [
    { header: "Parcela", cell: (installment) => `${installment.installmentNumber}/${installmentCount}` },
    { header: "Vencimento", cell: (installment) => formatDate(installment.dueDate) },
    { header: "Prêmio", align: "right", cell: (installment) => formatReais(installment.tariffPremiumValue) },
    { header: "IOF", align: "right", cell: (installment) => formatReais(installment.valueIof) },
    { header: "Total", align: "right", cell: (installment) => formatReais(installment.premiumTotalValue) },
    {
      header: "Situação",
      cell: (installment) => (
        <InstallmentStatusBadge status={installment.status} text={installment.statusText} />
      ),
    },
    { header: "Pago em", cell: (installment) => (installment.paidAt ? formatDate(installment.paidAt) : "—") },
    {
      header: "Boleto",
      cell: (installment) => {
        const boleto = detail.installmentBoletoUrl(installment.installmentNumber);
        return boleto ? (
          <a href={boleto}>
            Boleto da parcela {installment.installmentNumber}
            <span className="sr-only"> (PDF)</span>
          </a>
        ) : (
          "—"
        );
      },
    },
    {
      header: "Enviar",
      cell: (installment) => {
        const boleto = detail.installmentBoletoUrl(installment.installmentNumber);
        return boleto && (installment.status === "Pending" || installment.status === "Overdue") ? (
          <details className="share-details">
            <summary>
              Enviar
              <span className="sr-only"> a parcela {installment.installmentNumber}</span>
            </summary>
            <ShareActions
              label={`parcela ${installment.installmentNumber}`}
              email={document?.insured.email}
              document={{
                subject: `o boleto da parcela ${installment.installmentNumber}/${installmentCount} da apólice nº ${policy.policyNumber}`,
                insuredName: policy.insuredName,
                links: [{ label: "Boleto (PDF)", url: boleto }],
                typeableLine: typeableLine.get(installment.installmentNumber),
                details: [
                  `Vencimento: ${formatDate(installment.dueDate)} · Valor: ${formatReais(installment.premiumTotalValue)}`,
                ],
              }}
            />
          </details>
        ) : (
          "—"
        );
      },
    },
  ];
  const renewable = renewalEligibility({
    status: policy.status,
    vigencyExpiredAt: new Date(policy.vigencyExpiredAt),
  }).renewable;

  return (
    <>
      <nav aria-label="Trilha" className="muted" style={{ marginBottom: "0.5rem" }}>
        <Link href="/policies">Apólices</Link> / {policy.policyNumber}
      </nav>
      <div className="page-header">
        <div>
          <h1>Apólice {policy.policyNumber}</h1>
          <p>
            Número completo {policy.number} · versão {policy.version}
          </p>
        </div>
        <div className="row">
          <PolicyStatusBadge status={policy.status} text={policy.statusText} />
          {detail.policyPdfUrl ? (
            <a className="btn btn-primary" href={detail.policyPdfUrl}>
              Baixar apólice (PDF)
            </a>
          ) : (
            <span className="muted">PDF da apólice ainda não disponível</span>
          )}
          {detail.ticketUrl ? (
            <a className="btn btn-secondary" href={detail.ticketUrl}>
              Todos os boletos (PDF)
            </a>
          ) : null}
          {liveRenewal ? (
            <Link className="btn btn-secondary" href={`/quotations/${liveRenewal.id}`}>
              Ver cotação de renovação
            </Link>
          ) : renewable ? (
            <RenewPolicyButton action={renewPolicyAction.bind(null, policy.policyNumber)} />
          ) : null}
        </div>
      </div>

      {policy.status === "Canceled" && document?.cancelReason ? (
        <p className="card" role="status">
          Cancelada em {formatDate((document.canceledAt ?? new Date()).toISOString())}. Motivo:{" "}
          {document.cancelReason}
        </p>
      ) : null}

      {policyLinks.length ? (
        <section className="card" aria-labelledby="share-title" style={{ marginBottom: "1rem" }}>
          <h2 id="share-title">Enviar ao cliente</h2>
          <p className="muted">Links assinados dos documentos: abrem o PDF sem login e expiram em 7 dias.</p>
          <ShareActions
            label={`apólice ${policy.policyNumber}`}
            email={document?.insured.email}
            document={{
              subject: `a apólice nº ${policy.policyNumber}`,
              insuredName: policy.insuredName,
              links: policyLinks,
              details: [
                `${policy.productText} · vigência ${formatDate(policy.vigencyStartedAt)} a ${formatDate(policy.vigencyExpiredAt)}`,
              ],
            }}
          />
        </section>
      ) : null}

      <div className="grid">
        <section className="card" aria-labelledby="insured-title">
          <h2 id="insured-title">Segurado</h2>
          <dl className="details">
            <dt>Nome</dt>
            <dd>
              <Link href={`/insureds/${policy.insuredIdentity}`}>{policy.insuredName}</Link>
            </dd>
            <dt>CPF/CNPJ</dt>
            <dd>{formatIdentity(policy.insuredIdentity)}</dd>
            {document?.insured.email ? (
              <>
                <dt>E-mail</dt>
                <dd>{document.insured.email}</dd>
              </>
            ) : null}
            {address ? (
              <>
                <dt>Endereço</dt>
                <dd>
                  {address.street}, {address.number}
                  {address.complement ? ` ${address.complement}` : ""} · {address.neighborhood} ·{" "}
                  {address.city}/{address.state} · CEP {address.zipCode.replace(/^(\d{5})(\d{3})$/, "$1-$2")}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="card" aria-labelledby="product-title">
          <h2 id="product-title">Produto e vigência</h2>
          <dl className="details">
            <dt>Produto</dt>
            <dd>{policy.productText}</dd>
            <dt>Modalidade</dt>
            <dd>{policy.modalityText}</dd>
            <dt>Vigência</dt>
            <dd>
              {formatDate(policy.vigencyStartedAt)} a {formatDate(policy.vigencyExpiredAt)}
            </dd>
            <dt>Emitida em</dt>
            <dd>{formatDate(policy.createdAt)}</dd>
            {document ? (
              <>
                <dt>Limite</dt>
                <dd>{formatBrl(document.policyLimitCents)}</dd>
                <dt>Pagamento</dt>
                <dd>{PAYMENT_METHOD_TEXT[document.paymentMethod]}</dd>
              </>
            ) : null}
            <dt>Sinistros</dt>
            <dd>{policy.totalClaims}</dd>
          </dl>
        </section>
        {document ? (
          <section className="card" aria-labelledby="premium-title">
            <h2 id="premium-title">Prêmio</h2>
            <dl className="details">
              <dt>Prêmio líquido</dt>
              <dd>{formatBrl(document.netCents)}</dd>
              <dt>IOF</dt>
              <dd>{formatBrl(document.taxCents)}</dd>
              <dt>Juros</dt>
              <dd>{formatBrl(document.interestCents)}</dd>
              <dt>
                <strong>Prêmio total</strong>
              </dt>
              <dd>
                <strong>{formatBrl(document.totalCents)}</strong>
              </dd>
            </dl>
          </section>
        ) : null}
      </div>

      {document?.coverages.length ? (
        <section className="card" aria-labelledby="coverages-title" style={{ marginTop: "1rem" }}>
          <h2 id="coverages-title">Coberturas</h2>
          <StaticTable
            columns={[
              { header: "Cobertura", cell: (coverage) => coverage.description },
              { header: "Limite", align: "right", cell: (coverage) => formatBrl(coverage.limitCents) },
              { header: "Prêmio líquido", align: "right", cell: (coverage) => formatBrl(coverage.netCents) },
              { header: "Franquia", cell: (coverage) => coverage.deductibleText || "—" },
            ]}
            rows={document.coverages}
            rowKey={(coverage) => coverage.description}
          />
        </section>
      ) : null}

      <section className="card" aria-labelledby="installments-title" style={{ marginTop: "1rem" }}>
        <h2 id="installments-title">Parcelas</h2>
        {policy.installments.length ? (
          <StaticTable
            columns={installmentColumns}
            rows={policy.installments}
            rowKey={(installment) => installment.installmentNumber}
            stackOnNarrow
          />
        ) : (
          <p className="muted">Nenhuma parcela registrada.</p>
        )}
      </section>
      <section className="card" aria-labelledby="claims-title" style={{ marginTop: "1rem" }}>
        <h2 id="claims-title">Sinistros</h2>
        {claims.list.length ? (
          <StaticTable
            columns={CLAIM_COLUMNS}
            rows={claims.list}
            rowKey={(claim) => claim.protocol}
            stackOnNarrow
          />
        ) : (
          <p className="muted">Nenhum sinistro avisado.</p>
        )}
        {claims.totalItems > claims.list.length ? (
          <p className="muted">
            Mostrando os {claims.list.length} mais recentes de {claims.totalItems}.
          </p>
        ) : null}
      </section>
      {policy.status === "Issued" ? (
        <ClaimNoticeForm
          action={noticeClaimAction.bind(null, policy.policyNumber)}
          today={businessDay(new Date())}
        />
      ) : null}
      {user.role === "admin" && policy.status === "Issued" ? (
        <CancelPolicyForm action={cancelPolicyAction.bind(null, policy.policyNumber)} />
      ) : null}
    </>
  );
}
