import type { Kysely } from 'kysely';
import type {
  RecoveryCodes,
  SecondFactorSetup,
  SecondFactorState,
  StaffAccountAdd,
  StaffAccountUpdate,
  StaffAccountView,
} from '@openfind/contract';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { hashPassword, verifyPassword } from '../readers/passwords.js';
import { StaffErrors } from './staff-errors.js';
import type { StaffActor } from './staff-context.js';
import {
  clearTotp,
  countRecoveryCodes,
  enableTotp,
  findLastLogins,
  findPendingTotp,
  findStaffById,
  insertStaff,
  listStaff,
  replaceRecoveryCodes,
  setPendingTotp,
  setStaffDisabled,
  setStaffPassword,
  setTotpRequired,
  updateStaffAccount,
  type StaffAccount,
} from './staff-repository.js';
import { staffPasswordProblem, type AccountProblem, type StaffService } from './staff-service.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment, totpStepOf } from './second-factor.js';

/** A check's problem as the console's translated failure. */
function problemError(p: AccountProblem): Error {
  switch (p.kind) {
    case 'usernameInvalid':
      return StaffErrors.usernameInvalid();
    case 'usernameTaken':
      return StaffErrors.usernameTaken(p.username);
    case 'passwordRule':
    case 'passwordIsUsername':
      return StaffErrors.passwordRule();
    case 'unknownLibrary':
      return StaffErrors.unknownLibrary(p.codes.join(', '));
    case 'librariesForAdmin':
      return StaffErrors.unknownLibrary('');
    case 'roleTenant':
    case 'nameTooLong':
      // The contract's schemas already keep these out (roles staff and admin, names of 100).
      return StaffErrors.noSuchStaff();
  }
}

/** An account as its administrators see it (never its hash or secret). */
function viewOf(a: StaffAccount, lastLogin: Date | undefined): StaffAccountView {
  return {
    staffId: a.id,
    username: a.username,
    name: a.name,
    role: a.role,
    libCodes: a.libCodes,
    disabled: a.disabled,
    lockedSeconds: a.lockedSeconds,
    totpEnabled: a.totpSecret !== null,
    totpRequired: a.totpRequired,
    createdAt: a.createdAt.toISOString(),
    lastLoginAt: lastLogin ? lastLogin.toISOString() : null,
  };
}

/** What the audit log keeps of an account: no hash, no secret. */
const auditView = (a: StaffAccount) => ({
  username: a.username,
  name: a.name,
  role: a.role,
  libCodes: a.libCodes,
  disabled: a.disabled,
  totpRequired: a.totpRequired,
  totpEnabled: a.totpSecret !== null,
});

/**
 * The staff console's side of staff accounts (issue 28): a staff member's own second factor and
 * password, and the administrators' accounts of their institution (the installation's operators are
 * out of their reach: `openfind staff` makes those). Every change is in the audit log, without
 * passwords, hashes or secrets.
 */
export class StaffAccounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly staff: StaffService,
  ) {}

  private async own(actor: StaffActor): Promise<StaffAccount> {
    const account = await findStaffById(this.db, actor.session.tenantId, actor.staffId);
    if (!account) throw StaffErrors.noSuchStaff();
    return account;
  }

  private async checkPassword(account: StaffAccount, password: string): Promise<void> {
    if (!(await verifyPassword(account.passwordHash, password))) throw StaffErrors.wrongPassword();
  }

  private audit(
    actor: StaffActor,
    ip: string,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
    db = this.db,
  ) {
    return this.staff.audit(
      { tenantId: actor.tenantId, staffId: actor.staffId, actor: actor.username, action, target, before, after, ip },
      db,
    );
  }

  // ---- one's own account -------------------------------------------------------------------------

  async secondFactorState(actor: StaffActor): Promise<SecondFactorState> {
    const account = await this.own(actor);
    return {
      enabled: account.totpSecret !== null,
      required: account.totpRequired,
      recoveryCodesLeft:
        account.totpSecret === null ? 0 : await countRecoveryCodes(this.db, account.tenantId, account.id),
    };
  }

  /** A new secret to set up (replacing one being set up); the one in use, if any, stays until confirmed. */
  async setupSecondFactor(actor: StaffActor, issuer: string): Promise<SecondFactorSetup> {
    const account = await this.own(actor);
    const secret = newTotpSecret();
    await setPendingTotp(this.db, account.tenantId, account.id, secret);
    return { secret, ...(await totpEnrolment(secret, account.username, issuer || 'OpenFind')) };
  }

  /** Confirms the secret being set up with a code of it: on, with ten new recovery codes. */
  async confirmSecondFactor(actor: StaffActor, code: string, ip: string): Promise<RecoveryCodes> {
    const account = await this.own(actor);
    const secret = await findPendingTotp(this.db, account.tenantId, account.id);
    const step = secret === null ? null : totpStepOf(secret, code);
    if (secret === null || step === null) throw StaffErrors.secondFactorNotPending();
    const codes = newRecoveryCodes();
    await inTransaction(this.db, async (trx) => {
      const done = await enableTotp(trx, account.tenantId, account.id, secret, step, codes.map(recoveryCodeHash));
      if (!done) throw StaffErrors.secondFactorNotPending();
      await this.audit(
        actor,
        ip,
        'staff.secondFactorOn',
        account.username,
        { totpEnabled: account.totpSecret !== null },
        { totpEnabled: true },
        trx,
      );
    });
    return { recoveryCodes: codes };
  }

  async disableSecondFactor(actor: StaffActor, password: string, ip: string): Promise<void> {
    const account = await this.own(actor);
    await this.checkPassword(account, password);
    if (account.totpRequired) throw StaffErrors.secondFactorCannotDisable();
    await clearTotp(this.db, account.tenantId, account.id);
    await this.audit(
      actor,
      ip,
      'staff.secondFactorOff',
      account.username,
      { totpEnabled: account.totpSecret !== null },
      { totpEnabled: false },
    );
  }

  async renewRecoveryCodes(actor: StaffActor, password: string, ip: string): Promise<RecoveryCodes> {
    const account = await this.own(actor);
    await this.checkPassword(account, password);
    if (account.totpSecret === null) throw StaffErrors.secondFactorNotPending();
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(this.db, account.tenantId, account.id, codes.map(recoveryCodeHash));
    await this.audit(actor, ip, 'staff.recoveryCodes', account.username, null, { recoveryCodes: codes.length });
    return { recoveryCodes: codes };
  }

  /** A new password of one's own: every session of the account ends, this one too (log in again). */
  async changeOwnPassword(actor: StaffActor, current: string, password: string, ip: string): Promise<void> {
    const account = await this.own(actor);
    await this.checkPassword(account, current);
    const problem = staffPasswordProblem(password, account.username);
    if (problem) throw problemError(problem);
    await setStaffPassword(this.db, account.tenantId, account.id, await hashPassword(password));
    await this.audit(actor, ip, 'staff.passwordChanged', account.username, null, {
      passwordChanged: true,
      sessionsEnded: true,
    });
  }

  // ---- the institution's accounts (administrators) ---------------------------------------------

  async list(actor: StaffActor): Promise<StaffAccountView[]> {
    const accounts = await listStaff(this.db, actor.tenantId);
    const last = await findLastLogins(
      this.db,
      actor.tenantId,
      accounts.map((a) => a.id),
    );
    return accounts.map((a) => viewOf(a, last.get(a.id)));
  }

  private async account(actor: StaffActor, staffId: number): Promise<StaffAccount> {
    const account = await findStaffById(this.db, actor.tenantId, staffId);
    if (!account) throw StaffErrors.noSuchStaff();
    return account;
  }

  private async view(actor: StaffActor, staffId: number): Promise<StaffAccountView> {
    const account = await this.account(actor, staffId);
    return viewOf(account, (await findLastLogins(this.db, actor.tenantId, [staffId])).get(staffId));
  }

  async add(actor: StaffActor, input: StaffAccountAdd, ip: string): Promise<StaffAccountView> {
    const username = input.username.trim();
    const libCodes = input.role === 'staff' ? [...new Set(input.libCodes)] : [];
    const problem = await this.staff.accountProblem({
      tenantId: actor.tenantId,
      username,
      name: input.name,
      role: input.role,
      libCodes,
      password: input.password,
    });
    if (problem) throw problemError(problem);
    const id = await inTransaction(this.db, async (trx) => {
      const id = await insertStaff(trx, {
        tenantId: actor.tenantId,
        username,
        name: input.name,
        role: input.role,
        libCodes,
        passwordHash: await hashPassword(input.password),
      });
      if (input.totpRequired) await setTotpRequired(trx, actor.tenantId, id, true);
      const made = await findStaffById(trx, actor.tenantId, id);
      await this.audit(actor, ip, 'staff.add', username, null, made ? auditView(made) : { id }, trx);
      return id;
    });
    return this.view(actor, id);
  }

  /**
   * Changes what is given of an account. An administrator cannot lower their own role or disable
   * their own account (the institution would be left to the operators).
   */
  async update(actor: StaffActor, input: StaffAccountUpdate, ip: string): Promise<StaffAccountView> {
    const before = await this.account(actor, input.staffId);
    const self = before.id === actor.staffId;
    if (self && (input.disabled === true || (input.role !== undefined && input.role !== before.role)))
      throw StaffErrors.lastAdministrator();
    // An institution's account (findStaffById never finds an operator): its role as it is, unless changed.
    const role = input.role ?? before.role;
    // An administrator's libraries are all of them: a role raised to administrator drops the limits.
    const libCodes = role === 'staff' ? [...new Set(input.libCodes ?? before.libCodes)] : [];
    const problem = await this.staff.accountProblem({
      tenantId: actor.tenantId,
      username: before.username,
      name: input.name ?? before.name,
      role,
      libCodes,
      existingId: before.id,
    });
    if (problem) throw problemError(problem);
    await inTransaction(this.db, async (trx) => {
      await updateStaffAccount(trx, actor.tenantId, before.id, { name: input.name, role, libCodes });
      if (input.totpRequired !== undefined && input.totpRequired !== before.totpRequired)
        await setTotpRequired(trx, actor.tenantId, before.id, input.totpRequired);
      if (input.disabled !== undefined && input.disabled !== before.disabled)
        await setStaffDisabled(trx, actor.tenantId, before.id, input.disabled);
      const after = await findStaffById(trx, actor.tenantId, before.id);
      await this.audit(
        actor,
        ip,
        'staff.update',
        before.username,
        auditView(before),
        after ? auditView(after) : null,
        trx,
      );
    });
    return this.view(actor, before.id);
  }

  /** Sets an account's password (forgotten, or a new colleague's first): its sessions end, its lock is lifted. */
  async setPassword(actor: StaffActor, staffId: number, password: string, ip: string): Promise<void> {
    const account = await this.account(actor, staffId);
    const problem = staffPasswordProblem(password, account.username);
    if (problem) throw problemError(problem);
    await setStaffPassword(this.db, actor.tenantId, account.id, await hashPassword(password));
    await this.audit(actor, ip, 'staff.passwordSet', account.username, null, {
      passwordChanged: true,
      sessionsEnded: true,
    });
  }

  /** Removes an account's second factor (a lost phone); where it is required, the next login sets one up again. */
  async resetSecondFactor(actor: StaffActor, staffId: number, ip: string): Promise<void> {
    const account = await this.account(actor, staffId);
    await clearTotp(this.db, actor.tenantId, account.id);
    await this.audit(
      actor,
      ip,
      'staff.secondFactorReset',
      account.username,
      { totpEnabled: account.totpSecret !== null },
      { totpEnabled: false },
    );
  }
}
