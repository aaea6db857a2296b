/** The day's remessa (boleto registration file) of the admin's broker, downloaded as a file. */
export function RemessaDownload({ today }: { today: string }) {
  return (
    <section className="card" aria-labelledby="remessa-title" style={{ marginTop: "1rem" }}>
      <h2 id="remessa-title">Arquivo remessa (registro de boletos)</h2>
      <p className="muted">
        As instruções de boleto do dia (01 entrada, 02 baixa, 06 alteração de vencimento) no layout CNAB 400
        do banco 341, na ordem em que foram criadas. Baixar o mesmo dia de novo gera o mesmo arquivo.
      </p>
      <form method="get" action="/settings/payments/remessa" aria-label="Baixar arquivo remessa">
        <label htmlFor="remessa-date">Dia</label>{" "}
        <input id="remessa-date" name="date" type="date" defaultValue={today} max={today} required />{" "}
        <button type="submit" className="btn btn-secondary">
          Baixar remessa
        </button>
      </form>
    </section>
  );
}
