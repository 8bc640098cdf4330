-- Readers' book donations (issue 29, My Library key 11; the staff queue of issue 28). A reader offers
-- books (1–50 titles, 1–100 copies each) with a contact and how the books reach the library; staff
-- mark the offer received, accepted or declined with a reply the reader sees; the reader cancels it
-- while it is still submitted. Accepted donations make the public donors list, under the name the
-- donor chose to show, or none (anonymous).
CREATE TABLE donation (
  id             serial PRIMARY KEY,
  tenant_id      integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  reader_id      integer NOT NULL REFERENCES reader(id) ON DELETE CASCADE,
  -- The name shown on the donors list ('' when anonymous).
  donor_name     text NOT NULL DEFAULT '' CHECK (length(donor_name) <= 50),
  anonymous      boolean NOT NULL DEFAULT false,
  contact_phone  text NOT NULL DEFAULT '' CHECK (length(contact_phone) <= 20),
  contact_email  text NOT NULL DEFAULT '' CHECK (length(contact_email) <= 100),
  delivery       text NOT NULL CHECK (delivery IN ('post', 'inPerson')),
  note           text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  status         text NOT NULL DEFAULT 'submitted'
                   CHECK (status IN ('submitted', 'received', 'accepted', 'declined', 'cancelled')),
  reply          text NOT NULL DEFAULT '' CHECK (length(reply) <= 500),
  -- The copies of all its items (the list shows it without reading the items).
  copies         integer NOT NULL CHECK (copies BETWEEN 1 AND 5000),
  -- Raised by each change: a change names the version it was made from (another tab's is refused).
  version        integer NOT NULL DEFAULT 0,
  -- The form's token of one submission: the same offer sent twice (a double click) is made once.
  submit_key     text CHECK (length(submit_key) <= 64),
  handled_by     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  received_at    timestamptz,
  decided_at     timestamptz,
  -- A reader who donates can be reached: a phone number or an e-mail address at least.
  CHECK (contact_phone <> '' OR contact_email <> ''),
  CHECK (anonymous OR donor_name <> '')
);
CREATE UNIQUE INDEX donation_submit_key ON donation (tenant_id, reader_id, submit_key) WHERE submit_key IS NOT NULL;
-- A reader's donations, newest first; the staff queue by state; the donors list, newest first.
CREATE INDEX donation_reader ON donation (tenant_id, reader_id, id DESC);
CREATE INDEX donation_status ON donation (tenant_id, status, id);
CREATE INDEX donation_accepted ON donation (tenant_id, decided_at DESC, id DESC) WHERE status = 'accepted';

-- The books of a donation, in the order the reader listed them.
CREATE TABLE donation_item (
  donation_id  integer NOT NULL REFERENCES donation(id) ON DELETE CASCADE,
  seq          smallint NOT NULL CHECK (seq BETWEEN 1 AND 50),
  tenant_id    integer NOT NULL REFERENCES tenant(id) ON DELETE CASCADE,
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  -- Digits (and a final X) only, checked when given; '' when not.
  isbn         text NOT NULL DEFAULT '' CHECK (length(isbn) <= 13),
  author       text NOT NULL DEFAULT '' CHECK (length(author) <= 100),
  copies       integer NOT NULL CHECK (copies BETWEEN 1 AND 100),
  PRIMARY KEY (donation_id, seq)
);
CREATE INDEX donation_item_tenant ON donation_item (tenant_id);
