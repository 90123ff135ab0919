// GET /account and PUT /account/update.
import { ok } from '../format.js';
import type { Router } from '../router.js';
import { AppError, isEmail, optionalString } from '../validate.js';

export function registerAccountRoutes(router: Router): void {
  router.get('/account', ({ store, flavor }) => ok({ data: flavor.account(store.state.account) }));

  // Both fields are optional; the sandbox never stores the password, it only checks its length.
  router.put('/account/update', ({ body, store }) => {
    const email = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    if (email !== undefined && !isEmail(email)) throw new AppError('Please enter a valid email.');
    if (password !== undefined && password.length < 5) throw new AppError('Password must be at least 5 characters.');
    if (email !== undefined) {
      store.state.account.email = email;
      store.changed();
    }
    return ok({ message: 'Account has been successfully updated.' });
  });
}
