// Where a running sandbox serves its control namespace (the bench verbs): the sandbox and the
// `agnt sandbox` verbs that call it share this one definition, without the verbs loading the sandbox.
export const CONTROL_PREFIX = '/_sandbox/';
