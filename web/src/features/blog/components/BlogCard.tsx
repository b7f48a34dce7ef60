import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router-dom';
import type { BlogSummary } from '@numbernest/contracts';
import { formatDate } from '@/lib/dates';
import { BlogCover } from './BlogCover';
import { localized } from './blog-format';

export function BlogCard({ post }: { post: BlogSummary }) {
  const { t, i18n } = useTranslation('blog');
  const title = localized(post.title, i18n.language);
  return (
    <article className="blog-card">
      <BlogCover src={post.cover} className="blog-card__cover" />
      <div className="blog-card__body">
        <time dateTime={post.published_at}>{formatDate(post.published_at, i18n.language, { utc: true })}</time>
        <h2>
          {/* The whole card is clickable through this link's ::after. */}
          <Link to={`/blogs/${post.id}`} className="blog-card__link">
            {title}
          </Link>
        </h2>
        <p>{localized(post.excerpt, i18n.language)}</p>
        <span className="blog-card__more" aria-hidden="true">
          {t('readMore')} →
        </span>
      </div>
    </article>
  );
}
