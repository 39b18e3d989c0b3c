export { startCustomerBackend, ROLE_GRANTS } from './startCustomerBackend';
export type { CustomerBackendHandle, CustomerBackendOptions, MeetingGrants, MeetingRole } from './startCustomerBackend';
