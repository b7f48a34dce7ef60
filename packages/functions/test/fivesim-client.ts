/**
 * Test-only: an unmodified 5sim client from npm (`fivesim-api`) pointed at the local cloud by its one
 * base URL, as a customer moving from 5sim changes it. The client offers no option for it: it is a
 * static of its two services (typed private), set here once.
 */
import { apiUrl } from './api';
import { GuestService, UserService } from 'fivesim-api';

for (const service of [UserService, GuestService]) Object.assign(service, { baseURL: `${apiUrl}/v1` });

export { FiveSimAPI, InsufficientBalanceError, type Order } from 'fivesim-api';
