import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DbCard } from '@openfind/contract';

/** The access badge of a database: trial (with its last day, or ended), purchased, formal, open access. */
export function AccessBadge({ db }: { db: Pick<DbCard, 'accessKind' | 'trialUntil' | 'trialEnded'> }) {
  const { t } = useTranslation('databases');
  const label =
    db.accessKind === 'trial'
      ? db.trialEnded
        ? t('access.trialEnded')
        : db.trialUntil
          ? t('access.trialUntil', { date: db.trialUntil })
          : t('access.trial')
      : t(`access.${db.accessKind}`);
  return <span className={`of-db-badge of-db-badge--${db.trialEnded ? 'ended' : db.accessKind}`}>{label}</span>;
}

/** One database in a list: name, badges, description, subjects and types, visits. */
export function DbCardView({ db, to }: { db: DbCard; to: string }) {
  const { t } = useTranslation('databases');
  return (
    <li className="of-db-card" data-testid="db-card">
      <div className="of-db-card-head">
        <h2 className="of-db-card-name">
          <Link to={to}>{db.name}</Link>
        </h2>
        <AccessBadge db={db} />
        {db.isNew ? <span className="of-db-badge of-db-badge--new">{t('access.new')}</span> : null}
      </div>
      {db.description ? <p className="of-db-card-desc">{db.description}</p> : null}
      <p className="of-db-card-meta">
        {[
          db.subjects.length
            ? t('labels.subjectList', { list: db.subjects.map((s) => s.subName).join(t('labels.sep')) })
            : '',
          db.dbTypes.length ? t('labels.typeList', { list: db.dbTypes.map((d) => d.name).join(t('labels.sep')) }) : '',
          t('labels.visits', { count: db.visitCount }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}
