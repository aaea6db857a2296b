export type AuditFilterOption = { value: string; label: string };

/**
 * The audit page's filters: a plain GET form (works without JavaScript) on actor, action, object
 * and a range of days; "Limpar" drops them all.
 */
export function AuditFilters({
  values,
  actors,
  actions,
  objectTypes,
}: {
  values: {
    actor?: string;
    action?: string;
    objectType?: string;
    objectId?: string;
    from?: string;
    to?: string;
  };
  actors: AuditFilterOption[];
  actions: AuditFilterOption[];
  objectTypes: AuditFilterOption[];
}) {
  return (
    <form method="get" action="/settings/audit" className="card toolbar" aria-label="Filtros da auditoria">
      <div className="field">
        <label htmlFor="audit-actor">Autor</label>
        <select id="audit-actor" name="actor" defaultValue={values.actor ?? ""}>
          <option value="">Todos</option>
          {actors.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-action">Ação</label>
        <select id="audit-action" name="action" defaultValue={values.action ?? ""}>
          <option value="">Todas</option>
          {actions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-object-type">Objeto</label>
        <select id="audit-object-type" name="objectType" defaultValue={values.objectType ?? ""}>
          <option value="">Todos</option>
          {objectTypes.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-object-id">Identificador do objeto</label>
        <input id="audit-object-id" name="objectId" defaultValue={values.objectId ?? ""} maxLength={100} />
      </div>
      <div className="field field-narrow">
        <label htmlFor="audit-from">De</label>
        <input id="audit-from" name="from" type="date" defaultValue={values.from ?? ""} />
      </div>
      <div className="field field-narrow">
        <label htmlFor="audit-to">Até</label>
        <input id="audit-to" name="to" type="date" defaultValue={values.to ?? ""} />
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm">
          Filtrar
        </button>
        <a href="/settings/audit" className="btn btn-secondary btn-sm">
          Limpar
        </a>
      </div>
    </form>
  );
}
