-- Course reading lists (课程参考书, issue 30: /courseReference, /courseReferenceDetail, /courseBookResource,
-- /courseBookDetail; My Library key 16 "my courses"). A course of a term with its teachers and its
-- department (a plain code and name: no dependency on a departments table), its reading list (required
-- and recommended entries in order, each matched to a catalogue record by ISBN, else by title and
-- author, else kept unmatched with its citation text), and the courses readers marked. Loaded by
-- `openfind courses import` (docs/courses.md) and the demo seed.

-- A teacher of the institution: a staff number (工号) when the list gives one, and a name.
CREATE TABLE course_teacher (
  id          serial PRIMARY KEY,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  -- The staff number; '' when the source gave only a name (then the name is the teacher).
  code        text NOT NULL DEFAULT '' CHECK (length(code) <= 40),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  dept_code   text NOT NULL DEFAULT '' CHECK (length(dept_code) <= 40)
);
-- One teacher per staff number, or per name when there is none.
CREATE UNIQUE INDEX course_teacher_key ON course_teacher (tenant_id, code, name);

CREATE TABLE course (
  id           serial PRIMARY KEY,
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  code         text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  name_tw      text NOT NULL DEFAULT '' CHECK (length(name_tw) <= 200),
  name_en      text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
  dept_code    text NOT NULL DEFAULT '' CHECK (length(dept_code) <= 40),
  dept_name    text NOT NULL DEFAULT '' CHECK (length(dept_name) <= 100),
  dept_name_en text NOT NULL DEFAULT '' CHECK (length(dept_name_en) <= 100),
  -- The academic year and term, 2026-2027-1 (first term) or 2026-2027-2; `year` is its first year.
  term         text NOT NULL CHECK (term ~ '^[0-9]{4}-[0-9]{4}-[1-3]$'),
  year         integer NOT NULL CHECK (year BETWEEN 1900 AND 2999),
  class_hours  integer CHECK (class_hours BETWEEN 0 AND 10000),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, code, term)
);
CREATE INDEX course_year ON course (tenant_id, year DESC, code);
CREATE INDEX course_dept ON course (tenant_id, dept_code);

-- The teachers of a course, in the list's order.
CREATE TABLE course_teaching (
  course_id   integer NOT NULL REFERENCES course(id) ON DELETE CASCADE,
  teacher_id  integer NOT NULL REFERENCES course_teacher(id) ON DELETE CASCADE,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq         smallint NOT NULL,
  PRIMARY KEY (course_id, teacher_id)
);
CREATE INDEX course_teaching_teacher ON course_teaching (tenant_id, teacher_id);

-- A course's reading list: required and recommended entries in order. The citation as the list gave
-- it is kept whether or not it matched; `record_id` is the catalogue record it matched (by ISBN, by
-- title and author, or by staff), NULL when none (or once the record was deleted).
CREATE TABLE course_reading (
  id          serial PRIMARY KEY,
  course_id   integer NOT NULL REFERENCES course(id) ON DELETE CASCADE,
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  seq         smallint NOT NULL CHECK (seq BETWEEN 1 AND 500),
  kind        text NOT NULL CHECK (kind IN ('required', 'recommended')),
  isbn        text NOT NULL DEFAULT '' CHECK (length(isbn) <= 13),
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 300),
  author      text NOT NULL DEFAULT '' CHECK (length(author) <= 200),
  note        text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  record_id   integer REFERENCES bib_record(record_id) ON DELETE SET NULL,
  matched_by  text NOT NULL DEFAULT 'none' CHECK (matched_by IN ('isbn', 'title', 'staff', 'none')),
  UNIQUE (course_id, seq)
);
CREATE INDEX course_reading_record ON course_reading (tenant_id, record_id) WHERE record_id IS NOT NULL;
CREATE INDEX course_reading_unmatched ON course_reading (tenant_id, course_id) WHERE record_id IS NULL;

-- The courses a reader marked (My Library key 16).
CREATE TABLE course_mark (
  tenant_id   integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id   integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  course_id   integer NOT NULL REFERENCES course(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (reader_id, course_id)
);
CREATE INDEX course_mark_reader ON course_mark (tenant_id, reader_id, created_at DESC);
