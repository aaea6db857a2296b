export type AuditFilterOption = { value: string; label: string };

/** One select of the filters; its first option ("Todos") selects everything. */
function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  all: string;
  value: string | undefined;
  options: AuditFilterOption[];
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.all}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

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
      <FilterSelect
        id="audit-actor"
        name="actor"
        label="Autor"
        all="Todos"
        value={values.actor}
        options={actors}
      />
      <FilterSelect
        id="audit-action"
        name="action"
        label="Ação"
        all="Todas"
        value={values.action}
        options={actions}
      />
      <FilterSelect
        id="audit-object-type"
        name="objectType"
        label="Objeto"
        all="Todos"
        value={values.objectType}
        options={objectTypes}
      />
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
