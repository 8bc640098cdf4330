-- Due-date reminders and the calendar feed of a reader's loans (issue 27), and the record of the
-- jobs the server runs on its own (job_run) with the lease that lets one process run a job at a time.

-- An institution's reminder settings (`openfind reminders settings`); no row = the defaults.
CREATE TABLE reminder_setting (
  tenant_id           integer PRIMARY KEY REFERENCES tenant(id) ON DELETE CASCADE,
  enabled             boolean NOT NULL DEFAULT true,
  -- A loan due within this many days (today included) is reminded of once per due date.
  days_before         integer NOT NULL DEFAULT 3 CHECK (days_before BETWEEN 0 AND 30),
  -- An overdue loan is reminded of on its first overdue day, then every this many days (0 = once).
  overdue_every_days  integer NOT NULL DEFAULT 7 CHECK (overdue_every_days BETWEEN 0 AND 365),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- A reader's choices (no row = both channels on), the language their reminders are written in (the
-- one they last used My Library in), and their calendar feed: only the SHA-256 of its token is kept.
CREATE TABLE reader_reminder_pref (
  reader_id        integer PRIMARY KEY REFERENCES reader(id) ON DELETE CASCADE,
  tenant_id        integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  email_reminders  boolean NOT NULL DEFAULT true,
  inbox_reminders  boolean NOT NULL DEFAULT true,
  lang             text CHECK (lang IN ('zh-CN', 'zh-TW', 'en-US')),
  feed_token_hash  text UNIQUE CHECK (feed_token_hash ~ '^[0-9a-f]{64}$'),
  feed_created_at  timestamptz,
  feed_used_at     timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- What was sent, one row per loan and occasion: reminded before the due date (`due`, step 0), or
-- overdue (`overdue`, step n: the n-th interval of `overdue_every_days` after the due date). The
-- unique key makes a run that is retried send nothing twice. A row is written with the inbox
-- message, in one transaction; its mail is `pending` until the mail server takes it (`sent`), and is
-- tried again by later runs; `failed` once given up, `dropped` when no longer wanted (the loan
-- returned or renewed, the reader's e-mail or choice changed); `none` when no mail was due.
CREATE TABLE reminder_notice (
  id             bigserial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  loan_id        bigint NOT NULL REFERENCES loan_event(id) ON DELETE CASCADE,
  reason         text NOT NULL CHECK (reason IN ('due', 'overdue')),
  due_date       date NOT NULL,
  step           integer NOT NULL DEFAULT 0 CHECK (step >= 0),
  run_id         bigint,
  inbox_at       timestamptz,
  mail_state     text NOT NULL CHECK (mail_state IN ('none', 'pending', 'sent', 'failed', 'dropped')),
  mail_attempts  integer NOT NULL DEFAULT 0,
  mail_at        timestamptz,
  mail_error     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, loan_id, reason, due_date, step)
);
CREATE INDEX reminder_notice_pending ON reminder_notice (tenant_id, reader_id) WHERE mail_state = 'pending';

-- The open loans of an institution by due date: what a reminder run reads.
CREATE INDEX loan_event_open_due ON loan_event (tenant_id, (coalesce(due_date, loan_date)))
  WHERE return_date IS NULL AND reader_id IS NOT NULL;

-- A run of a job the server runs on its own (the reminders), for all institutions (tenant_id NULL)
-- or one: when, what for, how it ended and what it did (`details`: the counts per institution).
CREATE TABLE job_run (
  id           bigserial PRIMARY KEY,
  job          text NOT NULL,
  trigger      text NOT NULL CHECK (trigger IN ('schedule', 'startup', 'retry', 'cli')),
  tenant_id    integer REFERENCES tenant(id) ON DELETE CASCADE,
  -- The day it ran for, in the schedule's time zone.
  run_day      date NOT NULL,
  status       text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed', 'interrupted')),
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  readers      integer NOT NULL DEFAULT 0,
  messages     integer NOT NULL DEFAULT 0,
  mails_sent   integer NOT NULL DEFAULT 0,
  failures     integer NOT NULL DEFAULT 0,
  details      jsonb NOT NULL DEFAULT '[]',
  error        text,
  -- The process that ran it (host:pid).
  host         text NOT NULL DEFAULT ''
);
CREATE INDEX job_run_recent ON job_run (job, started_at DESC);

-- Who runs a job now: a process holds the lease until `expires_at` and renews it while it works;
-- a process that dies lets it lapse. Several server processes (or machines) on one database run a
-- job once.
CREATE TABLE job_lease (
  job         text PRIMARY KEY,
  holder      text NOT NULL,
  expires_at  timestamptz NOT NULL
);
