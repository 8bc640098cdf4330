import { Button, message, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CitationRecord } from '../cite/citation-record';
import { CITATION_STYLES, citationText, formatCitation } from '../cite/citation-styles';
import { EXPORT_FORMATS, exportFileName, exportRecord } from '../cite/export-formats';
import type { ExportFormat } from '../cite/export-formats';
import { copyText, downloadFile } from '../download-file';

const FORMATS = Object.keys(EXPORT_FORMATS) as ExportFormat[];

/** The cite-and-export dialog: the record in GB/T 7714, APA and MLA with copy buttons, and RIS/BibTeX/EndNote files. */
export function CiteDialog({ record, open, onClose }: { record: CitationRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('record');
  const copy = async (text: string) => {
    if (await copyText(text)) void message.success(t('cite.copied'));
    else void message.warning(t('cite.copyFailed'));
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('cite.title')}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      <ul className="of-cite-list">
        {CITATION_STYLES.map((style) => {
          const parts = formatCitation(record, style);
          const text = citationText(parts);
          return (
            <li key={style} className="of-cite-item">
              <h3>{t(`cite.styles.${style}`)}</h3>
              <p className="of-cite-text" data-style={style}>
                {parts.map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : <span key={i}>{part.text}</span>))}
              </p>
              <Button
                size="small"
                onClick={() => void copy(text)}
                aria-label={t('cite.copyStyle', { style: t(`cite.styles.${style}`) })}
              >
                {t('cite.copy')}
              </Button>
            </li>
          );
        })}
      </ul>
      <h3 className="of-cite-export-title">{t('cite.export')}</h3>
      <div className="of-cite-export">
        {FORMATS.map((format) => (
          <Button
            key={format}
            onClick={() =>
              downloadFile(
                exportFileName(record, format),
                exportRecord(record, format),
                EXPORT_FORMATS[format].mediaType,
              )
            }
          >
            {t(`cite.formats.${format}`)}
          </Button>
        ))}
      </div>
    </Modal>
  );
}
