import type { CatalogueProductTable, CatalogueQuestionRow } from "@/lib/api-docs/catalogue-reference";

function QuestionTable({ rows, label }: { rows: CatalogueQuestionRow[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Question</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
            <th scope="col">Allowed values / range</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code}>
              <td>
                <code>{row.code}</code>
              </td>
              <td>{row.text}</td>
              <td>{row.type}</td>
              <td>{row.required}</td>
              <td>{row.values}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The questions of each product, as GET /api/v1/catalogue/{operationCode} answers them. */
export function CatalogueTables({ products }: { products: CatalogueProductTable[] }) {
  return products.map((product) => (
    <section key={product.operationCode} aria-labelledby={`catalogue-${product.operationCode}`}>
      <h3 id={`catalogue-${product.operationCode}`}>
        {product.productText} – {product.modalityText} (<code>{product.operationCode}</code>)
      </h3>
      <h4>Quotation answers</h4>
      <QuestionTable rows={product.questions} label={`${product.operationCode}: quotation answers`} />
      <h4>Proposal answers</h4>
      <QuestionTable rows={product.proposalQuestions} label={`${product.operationCode}: proposal answers`} />
    </section>
  ));
}
