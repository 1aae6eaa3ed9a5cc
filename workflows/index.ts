// The workflow bundle's entry: every workflow the worker runs is exported here.
export * from './maintenance/maintenance.workflow';
