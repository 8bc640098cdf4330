import type { ColumnType, Generated } from 'kysely';
import type { HoldStage, RequestStatus, RequestType } from '@openfind/contract';

/** Row types of the tables created by the migrations in ../../migrations. */
export interface TenantTable {
  id: Generated<number>;
  mapping_path: string;
  group_code: string;
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  label: Generated<string>;
  fid: Generated<string>;
  msg_flag: Generated<string>;
  created_at: ColumnType<Date, never, never>;
}
export interface SiteConfigTable {
  tenant_id: number;
  config: ColumnType<Record<string, unknown>, string, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
}
export interface InstitutionParamTable {
  tenant_id: number;
  para_code: string;
  para_value: string;
}
export interface MenuItemTable {
  id: Generated<number>;
  tenant_id: number;
  menu_group: 'A' | 'B' | 'C';
  parent_id: number | null;
  seq: number;
  menu_name: string;
  english_name: string;
  complex_font: string;
  menu_url: string;
  use_flag: string;
  jump_mode: string;
}
interface Named {
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  seq: Generated<number>;
}
export interface LibraryTable extends Named {
  tenant_id: number;
  lib_code: string;
  is_main: Generated<boolean>;
}
export interface CampusTable extends Named {
  tenant_id: number;
  campus_id: string;
  lib_code: string;
}
export interface LocationTypeTable extends Named {
  tenant_id: number;
  code: string;
}
export interface LocationTable extends Named {
  tenant_id: number;
  location_id: string;
  campus_id: string;
  location_type_code: string;
  entrust: Generated<boolean>;
  subscribe: Generated<boolean>;
}
export interface DictEntryTable extends Named {
  id: Generated<number>;
  tenant_id: number | null;
  dict_name: string;
  code: string;
  parent_code: string | null;
  hidden: Generated<boolean>;
}
export interface SearchFieldParaTable extends Named {
  id: Generated<number>;
  tenant_id: number;
  field_code: string;
  default_match_mode: Generated<string>;
  use_flag: Generated<string>;
}
export interface BibRecordTable {
  record_id: Generated<number>;
  tenant_id: number;
  source_key: string;
  source_format: string;
  title: string;
  title_vernacular: string | null;
  other_titles: string[];
  responsibility: string | null;
  author: string;
  authors: string[];
  edition: string | null;
  publisher: string | null;
  publish_place: string | null;
  publish_year: string | null;
  publish_year_int: number | null;
  physical_description: string | null;
  isbns: string[];
  invalid_isbns: string[];
  issn: string | null;
  price: string | null;
  clc_classes: string[];
  other_classes: string[];
  call_numbers: string[];
  /** Every prefix of the class numbers, upper-cased, each once (at most 32 characters): the class search's index. */
  class_prefixes: ColumnType<string[], string[] | undefined, string[]>;
  /** The same of the call numbers. */
  call_prefixes: ColumnType<string[], string[] | undefined, string[]>;
  subjects: string[];
  series: string[];
  lang_code: string | null;
  country_code: string | null;
  doc_code: string;
  discode1: string[];
  abstract: string | null;
  notes: string[];
  links: ColumnType<Array<{ url: string; label?: string | null }>, string, string>;
  vernacular: ColumnType<Record<string, unknown>, string, string>;
  /** The kept source record as marc-in-json text (migration 0012; jsonb before). */
  marc: string | null;
  /** Hidden from readers (search, record page, lists, counts), shown to staff (migration 0038). */
  suppressed: Generated<boolean>;
  physical_count: Generated<number>;
  on_shelf_count: Generated<number>;
  e_count: Generated<number>;
  first_in_date: ColumnType<Date | null, string | null, string | null>;
  loan_count: Generated<number>;
  /** Sum and number of the readers' ratings (1–5), kept by a trigger on record_rating (0009). */
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  /** Numbers the source systems know the record by (001s, 035 $a, 901 $a); holdings records link by them (0011). */
  system_numbers: Generated<string[]>;
  /** Distinct library, campus, location and current location codes of the items (migration 0003). */
  lib_codes: Generated<string[]>;
  campus_ids: Generated<string[]>;
  location_ids: Generated<string[]>;
  cur_location_ids: Generated<string[]>;
  /** What the record belongs to, for search filters and facets (migration 0059, `refresh_record_tags`). */
  dd_type: string | null;
  core_includes: Generated<string[]>;
  e_collection_ids: Generated<string[]>;
  collection_ids: Generated<string[]>;
  verify_status: Generated<string[]>;
  search_vector: ColumnType<string, unknown, unknown>;
  title_sort: string;
  /** Null until the start-up backfill reached records stored before migration 0005. */
  author_sort: string | null;
  content_hash: string;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, string | undefined, string>;
}
export interface ItemTable {
  item_id: Generated<number>;
  tenant_id: number;
  record_id: number;
  barcode: string | null;
  call_no: string | null;
  lib_code: string | null;
  campus_id: string | null;
  location_id: string | null;
  location_name: string | null;
  cur_location_id: string | null;
  shelf_no: string | null;
  vol: string | null;
  year: string | null;
  process_type_code: Generated<string>;
  due_date: ColumnType<Date | null, string | null, string | null>;
  circ_attr: Generated<string>;
  price: string | null;
  in_date: ColumnType<Date | null, string | null, string | null>;
  /** Key of the holdings record the item came from; null for items of the bibliographic record itself (0011). */
  holdings_key: ColumnType<string | null, string | null | undefined, string | null>;
}
/** An index a large import dropped, with the statement that builds it again (migration 0014). */
export interface DeferredIndexTable {
  name: string;
  definition: string;
  deferred_at: ColumnType<Date, never, never>;
}

export interface ImportRunTable {
  id: Generated<number>;
  tenant_id: number;
  file_name: string;
  file_size: number;
  /** SHA-256 of the file, once it has been read (null for a run interrupted before). */
  file_hash: string | null;
  format: string;
  started_at: ColumnType<Date, never, never>;
  finished_at: ColumnType<Date | null, string | null, string | null>;
  read_count: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  unchanged_count: Generated<number>;
  skipped_count: Generated<number>;
}
/** An import started from the staff console (migration 0038). */
export interface CatalogueImportTable {
  id: Generated<number>;
  tenant_id: number;
  run_id: number | null;
  state: ColumnType<
    'running' | 'done' | 'failed' | 'interrupted',
    'running' | undefined,
    'done' | 'failed' | 'interrupted'
  >;
  file_name: string;
  file_size: number;
  file_hash: string | null;
  format: string;
  detected: string | null;
  staff_id: number | null;
  started_by: string;
  started_at: ColumnType<Date, never, never>;
  heartbeat_at: ColumnType<Date, string | undefined, string>;
  finished_at: ColumnType<Date | null, string | null, string | null>;
  bytes_read: Generated<number>;
  read_count: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  unchanged_count: Generated<number>;
  skipped_count: Generated<number>;
  error: string | null;
  reject_report: string | null;
}
/** Discovery tables (migration 0004). */
export interface LoanEventTable {
  id: Generated<string>;
  tenant_id: number;
  record_id: number;
  barcode: string | null;
  lib_code: string | null;
  reader_id: number | null;
  loan_date: ColumnType<Date, string, string>;
  due_date: ColumnType<Date | null, string | null, string | null>;
  return_date: ColumnType<Date | null, string | null, string | null>;
  renew_count: Generated<number>;
  last_renewed_on: ColumnType<Date | null, string | null, string | null>;
  recall_count: Generated<number>;
  /** Times in a row the copy was passed from reader to reader (0028; 0: lent at the desk). */
  relend_count: Generated<number>;
}
export interface ExternalLoanTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  item_id: string;
  title: Generated<string>;
  call_no: string | null;
  due_date: ColumnType<Date | null, string | null, string | null>;
  first_seen: ColumnType<Date, string | undefined, string>;
  returned_on: ColumnType<Date | null, string | null, string | null>;
  renew_count: Generated<number>;
}
/** A hold in the library's own system, reached over SIP2 (0029). */
export interface ExternalHoldTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  item_id: string;
  record_id: number | null;
  title: Generated<string>;
  pickup_lib_code: Generated<string>;
  available: Generated<boolean>;
  queue_position: number | null;
  placed_at: Generated<Date>;
  ended_at: Date | null;
  ended_how: 'cancelled' | 'gone' | null;
}
export interface LoanPolicyTable {
  tenant_id: number;
  reader_type: Generated<string>;
  circ_attr: Generated<string>;
  loan_days: Generated<number>;
  max_loans: Generated<number>;
  max_renewals: Generated<number>;
  renewal_days: Generated<number>;
  renew_window_days: Generated<number>;
  renew_when_overdue: Generated<boolean>;
  max_requests: Generated<number>;
  hold_shelf_days: Generated<number>;
  fine_per_day_cents: Generated<number>;
  max_fine_cents: Generated<number>;
  suspend_days_per_day: Generated<number>;
  fine_limit_cents: Generated<number>;
  /** Times in a row a copy may be re-lent (0028; 0: never). */
  max_relends: Generated<number>;
}
/** A behaviour record: a fine or a borrowing suspension (0022). Dates as YYYY-MM-DD text in, Date out. */
export interface CircFineTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  kind: 'overdue' | 'lost' | 'damaged' | 'other';
  status: Generated<'unprocessed' | 'processing' | 'processed' | 'ordered' | 'unsubscribed' | 'shelved' | 'cancelled'>;
  loan_id: string | null;
  barcode: string | null;
  prop_no: string | null;
  title: Generated<string>;
  amount_cents: number;
  paid_cents: Generated<number>;
  block_start: ColumnType<Date | null, string | null, string | null>;
  block_end: ColumnType<Date | null, string | null, string | null>;
  overdue_days: Generated<number>;
  note: Generated<string>;
  payment_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** A take code or handover code of a reader, valid 5 minutes, used once (0022). */
export interface ReaderCodeTable {
  tenant_id: number;
  code: string;
  reader_id: number;
  purpose: 'take' | 'handover' | 'relend';
  request_id: string | null;
  expires_at: Date;
  used_at: Date | null;
}
/** A reader who turned a re-lend ask down (0028): it is not offered to them again. */
export interface RelendDeclineTable {
  tenant_id: number;
  request_id: string;
  reader_id: number;
  declined_at: Generated<Date>;
}
/** A payment of fines, at the desk or through an online channel (0022). */
export interface CircPaymentTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  channel: string;
  out_trade_no: string;
  amount_cents: number;
  fine_ids: string[];
  status: Generated<'pending' | 'paid' | 'failed' | 'expired' | 'cancelled'>;
  qr_content: string | null;
  expires_at: Date | null;
  channel_trade_no: string | null;
  paid_by: string | null;
  paid_at: Date | null;
  created_at: Generated<Date>;
}
export interface CircRequestTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  record_id: number;
  request_type: RequestType;
  status: Generated<RequestStatus>;
  pickup_lib_code: string;
  barcode: string | null;
  contact_phone: Generated<string>;
  ready_until: ColumnType<Date | null, string | null, string | null>;
  pickup_code: string | null;
  /** Home delivery (0027): the address as it was when the request was placed, and its logistics. */
  delivery_recipient: string | null;
  delivery_phone: string | null;
  delivery_address: string | null;
  delivery_postcode: string | null;
  tracking_no: string | null;
  shipped_at: Date | null;
  received_at: Date | null;
  /** The days the reader asked a held copy to be kept (0030); null: the policy's hold-shelf days. */
  retention_days: number | null;
  /** Re-lend (0027): the reader who agreed to pass their copy on. */
  holder_reader_id: number | null;
  /** Re-lend (0028): the ask's last day, and the asker's note to the readers who have the book. */
  ask_until: ColumnType<Date | null, string | null, string | null>;
  relend_note: Generated<string>;
  /**
   * The request manager (0032): where a held copy is (to pick from the stacks, in staff's hands, on
   * the hold shelf), when it got there, when staff cleared an expired hold's copy, why staff cancelled.
   */
  hold_stage: HoldStage | null;
  retrieved_at: Date | null;
  shelved_at: Date | null;
  cleared_at: Date | null;
  cancel_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
/** A reader's delivery address (0023); at most one `is_default` per reader. */
export interface ReaderAddressTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  address_type: string;
  recipient: string;
  phone: string;
  region: string;
  detail: string;
  postcode: string;
  is_default: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** One event of a reader's points ledger (0023), unique per reader, rule and reference. */
export interface PointsEntryTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  rule_code: string;
  ref: Generated<string>;
  points: number;
  platform: Generated<'web' | 'app' | 'desk' | 'system'>;
  note: Generated<string>;
  created_at: Generated<Date>;
}
/** An institution's own points for a rule, or the rule turned off (0023). */
export interface PointsRuleTable {
  tenant_id: number;
  rule_code: string;
  points: number;
  enabled: Generated<boolean>;
}
export interface RecordRatingTable {
  tenant_id: number;
  record_id: number;
  reader_id: number;
  score: number;
  created_at: ColumnType<Date, string | undefined, string>;
  updated_at: ColumnType<Date, string | undefined, string>;
}
/** A record a reader keeps (0010), in one of the reader's folders (0046). */
export interface FavouriteTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  record_id: number;
  folder_id: string;
  created_at: ColumnType<Date, string | undefined, never>;
}
/** A reader's favourite folder (0046): one default per reader, names unique per reader. */
export interface FavouriteFolderTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  name: string;
  is_default: Generated<boolean>;
  sort: Generated<number>;
  version: Generated<number>;
  created_at: ColumnType<Date, string | undefined, never>;
}
/** An electronic resource (e_collection) a reader keeps (0046). */
export interface EFavouriteTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  collection_id: number;
  created_at: ColumnType<Date, string | undefined, never>;
}
export interface RecordCommentTable {
  id: Generated<string>;
  tenant_id: number;
  record_id: number;
  reader_id: number;
  reader_name: Generated<string>;
  content: string;
  status: ColumnType<'pending' | 'approved' | 'rejected', 'pending' | 'approved' | 'rejected' | undefined, string>;
  created_at: ColumnType<Date, string | undefined, string>;
  moderated_at: ColumnType<Date | null, string | null | undefined, string | null>;
  moderated_by: string | null;
  /** 0031: the reason the reader sees when staff reject it; the sensitive words it contains. */
  reject_reason: string | null;
  flagged_words: ColumnType<string[], string[] | undefined, string[]>;
}
/** 0031: an institution's sensitive words (moderation). */
export interface ModerationWordTable {
  tenant_id: number;
  folded: string;
  word: string;
  created_at: ColumnType<Date, string | undefined, string>;
}
export interface RecordViewTable {
  record_id: number;
  tenant_id: number;
  view_count: Generated<number>;
  last_viewed_at: ColumnType<Date, string | undefined, string>;
}
export interface RecordAttachmentTable {
  id: Generated<number>;
  tenant_id: number;
  record_id: number;
  name: string;
  url: string;
  kind: Generated<string>;
  size: number | null;
  seq: Generated<number>;
  /** Raised by each change (0037): a save from an older version is refused. */
  version: Generated<number>;
}
/** The file of an uploaded attachment (0037), checked by content. */
export interface RecordAttachmentFileTable {
  attachment_id: number;
  tenant_id: number;
  content_type: string;
  sha256: string;
  bytes: Buffer;
  uploaded_at: ColumnType<Date, string | undefined, never>;
  uploaded_by: Generated<string>;
}
export interface ECollectionTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  url: string;
  image_url: string | null;
  subjects: Generated<string[]>;
  added_on: ColumnType<Date, string | undefined, string>;
  trial_until: ColumnType<Date | null, string | null | undefined, string | null>;
  visit_count: Generated<number>;
  hidden: Generated<boolean>;
  seq: Generated<number>;
  /** 'trial' | 'purchased' | 'formal' | 'open' (0037). */
  access_kind: Generated<string>;
  version: Generated<number>;
  /** The database page's fields (0050). */
  description_tw: Generated<string>;
  guide: Generated<string>;
  guide_en: Generated<string>;
  guide_tw: Generated<string>;
  db_types: Generated<string[]>;
  languages: Generated<string[]>;
  trial_from: ColumnType<Date | null, string | null | undefined, string | null>;
  vendor: Generated<string>;
  url_off_campus: string | null;
  proxied: Generated<boolean>;
  package_code: string | null;
  visit_total: ColumnType<string, number | string | undefined, number | string>;
}
/** An institution's e-resource settings: proxy prefix and campus networks (0050). */
export interface EResourceSettingTable {
  tenant_id: number;
  proxy_prefix: Generated<string>;
  campus_networks: Generated<string[]>;
  version: Generated<number>;
  updated_at: ColumnType<Date, string | undefined, string>;
  updated_by: Generated<string>;
}
/** Clicks on a database per day (0050). */
export interface ECollectionVisitTable {
  tenant_id: number;
  collection_id: number;
  day: ColumnType<Date, string, string>;
  visits: Generated<number>;
}
/** Trial feedback of readers (0050). */
export interface ECollectionFeedbackTable {
  id: Generated<string>;
  tenant_id: number;
  collection_id: number;
  reader_id: number;
  rating: number | null;
  content: string;
  status: Generated<string>;
  reply: Generated<string>;
  replied_by: Generated<string>;
  replied_at: ColumnType<Date | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: ColumnType<Date, string | undefined, never>;
}
/** One KBART line: a title's coverage in a package (0050). */
export interface ETitleTable {
  id: Generated<string>;
  tenant_id: number;
  collection_id: number | null;
  package_code: string;
  line_no: number;
  publication_type: string;
  publication_title: string;
  print_identifier: string | null;
  online_identifier: string | null;
  date_first_issue_online: string | null;
  num_first_vol_online: string | null;
  num_first_issue_online: string | null;
  date_last_issue_online: string | null;
  num_last_vol_online: string | null;
  num_last_issue_online: string | null;
  coverage_from: ColumnType<Date | null, string | null | undefined, string | null>;
  coverage_to: ColumnType<Date | null, string | null | undefined, string | null>;
  title_url: string | null;
  first_author: string | null;
  title_id: string | null;
  embargo_info: string | null;
  embargo_months: number | null;
  coverage_depth: string | null;
  notes: string | null;
  publisher_name: string | null;
  preceding_publication_title_id: string | null;
  date_monograph_published_print: string | null;
  date_monograph_published_online: string | null;
  monograph_volume: string | null;
  monograph_edition: string | null;
  first_editor: string | null;
  parent_publication_title_id: string | null;
  access_type: string | null;
  imported_at: ColumnType<Date, string | undefined, string>;
}
export interface BookListTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  name_en: Generated<string>;
  name_tw: Generated<string>;
  description: Generated<string>;
  description_en: Generated<string>;
  image_url: string | null;
  view_count: Generated<number>;
  published: Generated<boolean>;
  created_at: ColumnType<Date, string | undefined, string>;
  version: Generated<number>;
}
export interface BookListRecordTable {
  book_list_id: number;
  record_id: number;
  seq: Generated<number>;
  note: Generated<string>;
}
export interface DonateNewsTable {
  id: Generated<number>;
  tenant_id: number;
  title: string;
  title_en: Generated<string>;
  content: Generated<string>;
  content_en: Generated<string>;
  donor_name: Generated<string>;
  copies: Generated<number>;
  remark: Generated<string>;
  published_on: ColumnType<Date, string | undefined, string>;
  published: Generated<boolean>;
  version: Generated<number>;
}
export interface ReaderTable {
  id: Generated<number>;
  tenant_id: number;
  account: string;
  card_no: Generated<string>;
  name: Generated<string>;
  lib_code: Generated<string>;
  email: Generated<string>;
  email_verified: Generated<boolean>;
  phone: Generated<string>;
  phone_verified: Generated<boolean>;
  status: Generated<'normal' | 'lost' | 'frozen'>;
  department: Generated<string>;
  reader_type: Generated<string>;
  valid_from: ColumnType<Date | null, string | null | undefined, string | null>;
  valid_until: ColumnType<Date | null, string | null | undefined, string | null>;
  avatar_url: Generated<string>;
  password_hash: string;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  must_change_password: Generated<boolean>;
  token_version: Generated<number>;
  first_login_flag: Generated<string>;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Personal information (0024). */
  position: Generated<string>;
  grade: Generated<string>;
  class_name: Generated<string>;
  id_type: Generated<'resident' | 'passport' | 'hkmo' | 'tw' | 'other'>;
  id_number: Generated<string>;
  deposit_cents: Generated<number>;
  prepayment_cents: Generated<number>;
  transfer_lending: Generated<boolean>;
  borrow_password: Generated<boolean>;
  /** When the reader closed the account (0045); null while open. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface LoginThrottleTable {
  tenant_id: number;
  account_key: string;
  failures: Generated<number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface CaptchaTable {
  code_key: string;
  tenant_id: number;
  scene: number;
  user_name: Generated<string>;
  answer_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
export interface SessionRevocationTable {
  jti: string;
  tenant_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
export interface VerificationCodeTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  channel: 'phone' | 'mail';
  purpose: 'reset' | 'bind';
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface PasswordRecoveryTable {
  find_key: string;
  tenant_id: number;
  reader_id: number | null;
  user_name: string;
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
export interface ReaderInboxTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  channel: string;
  target: Generated<string>;
  subject: Generated<string>;
  body: string;
  created_at: ColumnType<Date, never, never>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Deleted by the reader (0041): kept, not shown. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The library notice this message is a copy of (0041): its subject and body are the notice's. */
  notice_id: ColumnType<number | null, number | string | null | undefined, number | string | null>;
}
/** A library notice (0041), written once and put in the inboxes of its readers. */
export interface LibraryNoticeTable {
  id: Generated<number>;
  tenant_id: number;
  request_key: string;
  subject: string;
  body: string;
  body_format: 'text' | 'html';
  reader_types: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<'sent' | 'withdrawn'>;
  recipients: Generated<number>;
  staff_id: number | null;
  sent_by: Generated<string>;
  created_at: ColumnType<Date, never, never>;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, never, never>;
}
/** The avatar a reader uploaded, re-encoded by the server (0024); `url_key` is its unguessable address. */
export interface ReaderAvatarTable {
  reader_id: number;
  tenant_id: number;
  url_key: string;
  version: Generated<number>;
  etag: string;
  content_type: string;
  width: number;
  height: number;
  image: Uint8Array;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface ReaderIdentityTable {
  tenant_id: number;
  provider: 'cas' | 'external' | 'wechat' | 'passport';
  external_id: string;
  reader_id: number;
  created_at: ColumnType<Date, never, never>;
}
export interface TenantSecretTable {
  tenant_id: number;
  name: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** An institution's reminder settings (0025); no row = the defaults. */
export interface ReminderSettingTable {
  tenant_id: number;
  enabled: Generated<boolean>;
  days_before: Generated<number>;
  overdue_every_days: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A reader's reminder choices, language and calendar feed (0025); the feed token is kept as its SHA-256 (hex). */
export interface ReaderReminderPrefTable {
  reader_id: number;
  tenant_id: number;
  email_reminders: Generated<boolean>;
  inbox_reminders: Generated<boolean>;
  lang: 'zh-CN' | 'zh-TW' | 'en-US' | null;
  feed_token_hash: string | null;
  feed_created_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  feed_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** One reminder of one loan on one occasion (0025): the unique key keeps a retried run from sending it twice. */
export interface ReminderNoticeTable {
  id: Generated<string>;
  tenant_id: number;
  reader_id: number;
  loan_id: string;
  reason: 'due' | 'overdue';
  due_date: ColumnType<Date, string, string>;
  step: Generated<number>;
  run_id: string | null;
  inbox_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  mail_state: 'none' | 'pending' | 'sent' | 'failed' | 'dropped';
  mail_attempts: Generated<number>;
  mail_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  mail_error: string | null;
  created_at: ColumnType<Date, never, never>;
}
/** A run of a job the server runs on its own (0025). */
export interface JobRunTable {
  id: Generated<string>;
  job: string;
  trigger: 'schedule' | 'startup' | 'retry' | 'cli';
  tenant_id: number | null;
  run_day: ColumnType<Date, string, string>;
  status: Generated<'running' | 'succeeded' | 'failed' | 'interrupted'>;
  started_at: ColumnType<Date, never, never>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  readers: Generated<number>;
  messages: Generated<number>;
  mails_sent: Generated<number>;
  failures: Generated<number>;
  details: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  host: Generated<string>;
}
/** Who runs a job now, until when (0025). */
export interface JobLeaseTable {
  job: string;
  holder: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}
/** A staff account (0026): an institution's staff or administrator, or an installation operator (tenant_id NULL). */
export interface StaffAccountTable {
  id: Generated<number>;
  tenant_id: number | null;
  username: string;
  display_name: Generated<string>;
  password_hash: string;
  role: 'staff' | 'admin' | 'operator';
  lib_codes: ColumnType<string[], string[] | undefined, string[]>;
  disabled: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  totp_secret: string | null;
  totp_required: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** A TOTP secret being set up, until its first code confirms it (0035). */
  totp_pending_secret: string | null;
  totp_enabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last TOTP time step a code was taken at: a code counts once (0035). */
  totp_last_step: ColumnType<string, number | string | undefined, number | string>;
}
/** A staff account's recovery code (0035): its SHA-256, used once. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** A staff session by its token id (0026), revocable. */
export interface StaffSessionTable {
  id: string;
  staff_id: number;
  tenant_id: number;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: Generated<string>;
}
/** A row of the append-only audit log (0026): inserted, never updated or deleted (a trigger refuses both). */
export interface AuditLogTable {
  id: Generated<string>;
  tenant_id: number | null;
  staff_id: number | null;
  actor: string;
  at: ColumnType<Date, never, never>;
  action: string;
  target: Generated<string>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip: Generated<string>;
}
export interface SchemaMigrationTable {
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

/** An image uploaded for the portal (logo, icon, search background), re-encoded, named by its SHA-256 (0036). */
export interface SiteAssetTable {
  tenant_id: number;
  hash: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  image: Uint8Array;
  created_by: Generated<string>;
  created_at: ColumnType<Date, never, never>;
}
export interface ReaderImportTable {
  id: Generated<number>;
  tenant_id: number;
  staff_id: number | null;
  digest: string;
  state: Generated<'previewed' | 'committing' | 'committed'>;
  created_at: Generated<Date>;
  committed_at: Date | null;
  summary: ColumnType<unknown, string | null | undefined, string | null | undefined>;
}

/** A reader's book donation (0040): its contact, how the books come, its state and the staff's reply. */
export interface DonationTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  donor_name: string;
  anonymous: boolean;
  contact_phone: string;
  contact_email: string;
  delivery: 'post' | 'inPerson';
  note: string;
  status: Generated<'submitted' | 'received' | 'accepted' | 'declined' | 'cancelled'>;
  reply: Generated<string>;
  copies: number;
  version: Generated<number>;
  submit_key: string | null;
  handled_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  received_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
/** One book of a donation (0040), in the reader's order. */
export interface DonationItemTable {
  donation_id: number;
  seq: number;
  tenant_id: number;
  title: string;
  isbn: string;
  author: string;
  copies: number;
}
/** A reader's resource recommendation, a purchase suggestion (0039). */
export interface RecommendationTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  kind: 'book' | 'journal' | 'eresource';
  title: string;
  isbn: Generated<string>;
  author: Generated<string>;
  publisher: Generated<string>;
  publish_year: Generated<string>;
  price: Generated<string>;
  reason: Generated<string>;
  note: Generated<string>;
  language: Generated<string>;
  frequency: Generated<string>;
  resource_name: Generated<string>;
  subject: Generated<string>;
  doc_types: Generated<string>;
  url: Generated<string>;
  match_key: string;
  status: Generated<'unprocessed' | 'processing' | 'processed' | 'ordered' | 'unsubscribed' | 'shelved' | 'cancelled'>;
  reply: Generated<string>;
  record_id: number | null;
  version: Generated<number>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** An institution's recommendation settings (0039). */
export interface RecommendationSettingTable {
  tenant_id: number;
  allow: Generated<boolean>;
  daily_quota: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** An institution's document-delivery service (0049): its login page, where requests go, the signing secret. */
export interface DocDeliverySettingTable {
  tenant_id: number;
  enabled: Generated<boolean>;
  login_url: Generated<string>;
  service_url: Generated<string>;
  secret: Generated<string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}
/** A reader's document-delivery request (0049): the form's 13 fields and how sending it went. */
export interface DocDeliveryRequestTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  publication_name: Generated<string>;
  article_title: Generated<string>;
  author: Generated<string>;
  volume_issue: Generated<string>;
  edition: Generated<string>;
  place: Generated<string>;
  publisher: Generated<string>;
  year: Generated<string>;
  issn: Generated<string>;
  isbn: Generated<string>;
  pages: Generated<string>;
  doi: Generated<string>;
  remarks: Generated<string>;
  status: Generated<'queued' | 'sent' | 'failed' | 'cancelled'>;
  remote_id: string | null;
  attempts: Generated<number>;
  last_error: Generated<string>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  submit_key: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
/** A reader's problem feedback or e-question (0044): its text, state and the version raised by each change. */
export interface FeedbackTable {
  id: Generated<number>;
  tenant_id: number;
  reader_id: number;
  kind: 'feedback' | 'question';
  category: Generated<string>;
  subject: Generated<string>;
  content: string;
  contact: Generated<string>;
  record_id: number | null;
  status: Generated<'submitted' | 'replied' | 'closed'>;
  version: Generated<number>;
  submit_key: string | null;
  handled_by: string | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  replied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by: 'reader' | 'staff' | null;
}
/** A staff reply in a feedback's thread (0044). */
export interface FeedbackReplyTable {
  id: Generated<number>;
  feedback_id: number;
  tenant_id: number;
  body: string;
  staff_name: string;
  created_at: Generated<Date>;
}
/** An institution's feedback settings (0044). */
export interface FeedbackSettingTable {
  tenant_id: number;
  daily_limit: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface Database {
  tenant: TenantTable;
  site_config: SiteConfigTable;
  institution_param: InstitutionParamTable;
  menu_item: MenuItemTable;
  library: LibraryTable;
  campus: CampusTable;
  location_type: LocationTypeTable;
  location: LocationTable;
  dict_entry: DictEntryTable;
  search_field_para: SearchFieldParaTable;
  bib_record: BibRecordTable;
  item: ItemTable;
  import_run: ImportRunTable;
  catalogue_import: CatalogueImportTable;
  deferred_index: DeferredIndexTable;
  schema_migration: SchemaMigrationTable;
  loan_event: LoanEventTable;
  loan_policy: LoanPolicyTable;
  external_loan: ExternalLoanTable;
  external_hold: ExternalHoldTable;
  circ_request: CircRequestTable;
  circ_fine: CircFineTable;
  circ_payment: CircPaymentTable;
  reader_code: ReaderCodeTable;
  relend_decline: RelendDeclineTable;
  record_rating: RecordRatingTable;
  favourite: FavouriteTable;
  record_comment: RecordCommentTable;
  moderation_word: ModerationWordTable;
  record_view: RecordViewTable;
  record_attachment: RecordAttachmentTable;
  record_attachment_file: RecordAttachmentFileTable;
  e_collection: ECollectionTable;
  e_resource_setting: EResourceSettingTable;
  e_collection_visit: ECollectionVisitTable;
  e_collection_feedback: ECollectionFeedbackTable;
  e_title: ETitleTable;
  favourite_folder: FavouriteFolderTable;
  e_favourite: EFavouriteTable;
  book_list: BookListTable;
  book_list_record: BookListRecordTable;
  donate_news: DonateNewsTable;
  reader: ReaderTable;
  login_throttle: LoginThrottleTable;
  captcha: CaptchaTable;
  session_revocation: SessionRevocationTable;
  verification_code: VerificationCodeTable;
  password_recovery: PasswordRecoveryTable;
  reader_inbox: ReaderInboxTable;
  recommendation: RecommendationTable;
  recommendation_setting: RecommendationSettingTable;
  doc_delivery_setting: DocDeliverySettingTable;
  doc_delivery_request: DocDeliveryRequestTable;
  library_notice: LibraryNoticeTable;
  server_secret: ServerSecretTable;
  reader_identity: ReaderIdentityTable;
  reader_avatar: ReaderAvatarTable;
  tenant_secret: TenantSecretTable;
  reader_address: ReaderAddressTable;
  points_entry: PointsEntryTable;
  points_rule: PointsRuleTable;
  reminder_setting: ReminderSettingTable;
  reader_reminder_pref: ReaderReminderPrefTable;
  reminder_notice: ReminderNoticeTable;
  job_run: JobRunTable;
  job_lease: JobLeaseTable;
  staff_account: StaffAccountTable;
  staff_session: StaffSessionTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  audit_log: AuditLogTable;
  reader_import: ReaderImportTable;
  site_asset: SiteAssetTable;
  donation: DonationTable;
  donation_item: DonationItemTable;
  feedback: FeedbackTable;
  feedback_reply: FeedbackReplyTable;
  feedback_setting: FeedbackSettingTable;
}
