import { useSignalsT } from '../signals/useSignalsT';
import { FieldMessages } from '../signals/controls';
import type { FieldErrors } from '../signals/fieldErrors';
import { canNest, changeOperator, COMPARISONS, DEFAULT_COMPARISON, isComparison, isLogic, LOGIC, parseOperand, type Expr, type Operand } from './bodyDraft';

const small =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const linkButton = 'text-xs font-medium text-emerald-700 hover:underline disabled:opacity-40 dark:text-emerald-400';

interface Props {
  value: unknown;
  onChange: (value: Expr) => void;
  /** `rules[0].when`, for the errors at and under it. */
  path: string;
  errors: FieldErrors;
  /** Indicator references for the operand suggestions. */
  listId: string;
  depth?: number;
  onRemove?: () => void;
}

/**
 * A rule's condition as nested controls: a comparison (`fast` crosses above `slow`) or `and` /
 * `or` / `not` over conditions. Anything the controls cannot draw (not an array) is shown as its
 * JSON with a way to start over.
 */
export function ExpressionEditor({ value, onChange, path, errors, listId, depth = 1, onRemove }: Props) {
  const { t } = useSignalsT();
  const here = errors[path];
  if (!Array.isArray(value) || value.length === 0) {
    return (
      <div className="space-y-1">
        <code dir="ltr" className="block rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">
          {JSON.stringify(value) ?? 'undefined'}
        </code>
        <button type="button" className={linkButton} onClick={() => onChange(DEFAULT_COMPARISON)}>
          {t('strategies.resetCondition')}
        </button>
        <FieldMessages messages={here} />
      </div>
    );
  }
  const expr = value as Expr;
  const [op, ...args] = expr;
  const setArg = (i: number, arg: Operand) => onChange([op, ...args.map((a, j) => (j === i ? arg : a))] as Expr);
  const operatorSelect = (
    <select aria-label={t('strategies.operator')} className={small} value={String(op)} onChange={(e) => onChange(changeOperator(expr, e.target.value))}>
      <optgroup label={t('strategies.compare')}>
        {COMPARISONS.map((o) => (
          <option key={o} value={o}>
            {t(`strategies.ops.${o}`)}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('strategies.combine')}>
        {LOGIC.map((o) => (
          <option key={o} value={o} disabled={!canNest(depth) && !isLogic(op)}>
            {t(`strategies.ops.${o}`)}
          </option>
        ))}
      </optgroup>
      {!isComparison(op) && !isLogic(op) ? <option value={String(op)}>{String(op)}</option> : null}
    </select>
  );
  const remove = onRemove ? (
    <button type="button" className="text-xs text-rose-600 hover:underline" onClick={onRemove}>
      {t('strategies.removeCondition')}
    </button>
  ) : null;

  if (!isLogic(op)) {
    // A comparison: two operands around the operator, like a sentence.
    const operand = (i: number) => (
      <span className="inline-flex flex-col">
        <input
          dir="ltr"
          list={listId}
          aria-label={t(i === 0 ? 'strategies.leftOperand' : 'strategies.rightOperand')}
          className={`${small} w-36 font-mono`}
          value={Array.isArray(args[i]) ? JSON.stringify(args[i]) : String(args[i] ?? '')}
          onChange={(e) => setArg(i, parseOperand(e.target.value))}
        />
        <FieldMessages messages={errors[`${path}[${i + 1}]`]} />
      </span>
    );
    return (
      <div className="space-y-1" data-testid="comparison" data-path={path}>
        <div className="flex flex-wrap items-start gap-2">
          {operand(0)}
          {operatorSelect}
          {operand(1)}
          {remove}
        </div>
        <FieldMessages messages={here} />
      </div>
    );
  }

  const children = args;
  const canAdd = op !== 'not' && children.length < 16;
  return (
    <div className="space-y-2 rounded-lg border-s-2 border-emerald-300 ps-3 dark:border-emerald-800" data-testid="logic" data-path={path}>
      <div className="flex items-center gap-2">
        {operatorSelect}
        {remove}
      </div>
      <FieldMessages messages={here} />
      {children.map((child, i) => (
        <div key={i}>
          {Array.isArray(child) ? (
            <ExpressionEditor
              value={child}
              onChange={(next) => setArg(i, next)}
              path={`${path}[${i + 1}]`}
              errors={errors}
              listId={listId}
              depth={depth + 1}
              onRemove={op !== 'not' && children.length > 2 ? () => onChange([op, ...children.filter((_, j) => j !== i)] as Expr) : undefined}
            />
          ) : (
            <div>
              <code dir="ltr" className="rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800">
                {JSON.stringify(child)}
              </code>
              <button type="button" className={`${linkButton} ms-2`} onClick={() => setArg(i, DEFAULT_COMPARISON)}>
                {t('strategies.resetCondition')}
              </button>
              <FieldMessages messages={errors[`${path}[${i + 1}]`]} />
            </div>
          )}
        </div>
      ))}
      {canAdd ? (
        <button type="button" className={linkButton} disabled={!canNest(depth)} onClick={() => onChange([...expr, DEFAULT_COMPARISON] as Expr)}>
          {t('strategies.addCondition')}
        </button>
      ) : null}
    </div>
  );
}
