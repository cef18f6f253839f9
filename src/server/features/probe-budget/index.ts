// The probe budget (decision 0860): what other features use of it.
export { type BudgetConfig, setAllowanceOverride } from './allowance';
export { DbProbeBudget } from './store';
export { probeBudgetByTier, probeBudgetFigures } from './usage';
