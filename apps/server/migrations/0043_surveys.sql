-- Questionnaires (spec §2 key 10; issue 28's console content, issue 29's My Library). Staff write a
-- survey of ordered questions (single choice, multiple choice, text), publish it for a period and
-- close it; each logged-in reader answers a published survey once, within its period.

-- A survey. `version` rises with every change: a change names the version it was read at (another
-- tab's is refused). `opens_on` / `due_on` are the period (inclusive, the library's days; null: from
-- publishing / until closed); `published_at` is the publish date.
CREATE TABLE survey (
  id                  serial PRIMARY KEY,
  tenant_id           integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  title               text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description         text NOT NULL DEFAULT '',
  description_format  text NOT NULL DEFAULT 'text' CHECK (description_format IN ('text', 'html')),
  anonymous           boolean NOT NULL DEFAULT false,
  status              text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'closed')),
  opens_on            date,
  due_on              date,
  published_at        timestamptz,
  closed_at           timestamptz,
  version             integer NOT NULL DEFAULT 0,
  updated_by          text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (opens_on IS NULL OR due_on IS NULL OR opens_on <= due_on)
);
CREATE INDEX survey_tenant ON survey (tenant_id, id DESC);
CREATE INDEX survey_published ON survey (tenant_id, due_on) WHERE status = 'published';

-- The questions of a survey, in order (`seq` from 1). Min/max choices only for multiple choice.
CREATE TABLE survey_question (
  id           serial PRIMARY KEY,
  survey_id    integer NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq          smallint NOT NULL CHECK (seq BETWEEN 1 AND 50),
  kind         text NOT NULL CHECK (kind IN ('single', 'multiple', 'text')),
  prompt       text NOT NULL CHECK (length(prompt) BETWEEN 1 AND 500),
  required     boolean NOT NULL DEFAULT false,
  min_choices  smallint CHECK (min_choices BETWEEN 1 AND 30),
  max_choices  smallint CHECK (max_choices BETWEEN 1 AND 30),
  UNIQUE (survey_id, seq)
);
CREATE INDEX survey_question_tenant ON survey_question (tenant_id);

-- The options of a choice question, in order.
CREATE TABLE survey_option (
  id           serial PRIMARY KEY,
  question_id  integer NOT NULL REFERENCES survey_question(id) ON DELETE CASCADE,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq          smallint NOT NULL CHECK (seq BETWEEN 1 AND 30),
  label        text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  UNIQUE (question_id, seq)
);
CREATE INDEX survey_option_tenant ON survey_option (tenant_id);

-- One reader's submission of a survey: once per reader (two tabs, a double click: one row).
CREATE TABLE survey_response (
  id            serial PRIMARY KEY,
  survey_id     integer NOT NULL REFERENCES survey(id) ON DELETE CASCADE,
  tenant_id     integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id     integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  submitted_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (survey_id, reader_id)
);
CREATE INDEX survey_response_reader ON survey_response (tenant_id, reader_id);
CREATE INDEX survey_response_survey ON survey_response (survey_id, id DESC);

-- The answers of a submission: one row per chosen option, or one with the text (≤ 1000 characters).
CREATE TABLE survey_answer (
  id           bigserial PRIMARY KEY,
  response_id  integer NOT NULL REFERENCES survey_response(id) ON DELETE CASCADE,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  question_id  integer NOT NULL REFERENCES survey_question(id) ON DELETE CASCADE,
  option_id    integer REFERENCES survey_option(id) ON DELETE CASCADE,
  text         text CHECK (char_length(text) <= 1000),
  CHECK ((option_id IS NULL) <> (text IS NULL))
);
CREATE INDEX survey_answer_response ON survey_answer (response_id);
CREATE INDEX survey_answer_question ON survey_answer (question_id, option_id);
CREATE INDEX survey_answer_tenant ON survey_answer (tenant_id);
