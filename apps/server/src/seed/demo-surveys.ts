import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { insertSurvey, replaceQuestions } from '../modules/surveys/survey-repository.js';
import { sql } from 'kysely';

/**
 * One published questionnaire of the demo institution (My Library key 10), open for two months from
 * today, so a newcomer finds one to answer and staff find one with its results.
 */
export async function seedDemoSurveys(db: Kysely<Database>, tenantId: number): Promise<void> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const id = await insertSurvey(db, tenantId, {
    title: '图书馆服务满意度调查',
    description: '为了更好地为您服务，请花两分钟填写这份问卷。Help us improve: this questionnaire takes two minutes.',
    descriptionFormat: 'text',
    anonymous: true,
    opensOn: day(-7),
    dueOn: day(60),
    by: 'demo',
  });
  await replaceQuestions(db, tenantId, id, [
    {
      kind: 'single',
      prompt: '您对图书馆的总体服务是否满意？',
      required: true,
      minChoices: null,
      maxChoices: null,
      options: ['非常满意', '满意', '一般', '不满意'],
    },
    {
      kind: 'multiple',
      prompt: '您常用哪些服务？（最多选三项）',
      required: false,
      minChoices: 1,
      maxChoices: 3,
      options: ['借阅图书', '电子资源', '自习座位', '参考咨询', '文献传递'],
    },
    {
      kind: 'text',
      prompt: '您对图书馆还有什么建议？',
      required: false,
      minChoices: null,
      maxChoices: null,
      options: [],
    },
  ]);
  await sql`UPDATE survey SET status = 'published', published_at = now() - interval '7 days'
    WHERE tenant_id = ${tenantId} AND id = ${id}`.execute(db);
}
