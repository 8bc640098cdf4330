/** A node of the default header menu (spec §2 "Header and footer"). */
export type DefaultMenuNode = { key: string; path?: string; children?: DefaultMenuNode[] };

/** The menu used when the server's menuA is empty. */
export const DEFAULT_MENU: readonly DefaultMenuNode[] = [
  { key: 'resourceSearch', path: '/Home' },
  {
    key: 'browse',
    children: [
      { key: 'category', path: '/categorySearchList' },
      { key: 'newBooks', path: '/newBookInform' },
      { key: 'bookDonation', path: '/bookDonate' },
    ],
  },
  {
    key: 'recommendation',
    children: [
      { key: 'hotBorrowing', path: '/readRange' },
      { key: 'readerPurchasing', path: '/drivePurchas' },
    ],
  },
  {
    key: 'resourceNavigation',
    children: [
      { key: 'journals', path: '/magazineNav' },
      { key: 'databases', path: '/dataBaseNav' },
      { key: 'specialLibraries', path: '/specialBaseNav' },
    ],
  },
  {
    key: 'subjectService',
    children: [
      { key: 'departments', path: '/departmentList' },
      { key: 'researchers', path: '/researcher' },
      { key: 'schoolTheses', path: '/schoolBaseNav' },
      { key: 'courseReferences', path: '/courseReference' },
    ],
  },
  { key: 'eBooks', path: '/elecBook' },
];

/** The entry added when the site config's digitalLibraryMenu is '1'. */
export const DIGITAL_LIBRARY_NODE: DefaultMenuNode = { key: 'digitalLibrary', path: '/digitalLibrary' };
