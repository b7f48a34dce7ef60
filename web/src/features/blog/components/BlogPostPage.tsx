import { useTranslation } from '@/lib/i18n';
import { Link, useParams } from 'react-router-dom';
import { Loader } from '@/components/loader/Loader';
import { formatDate } from '@/lib/dates';
import { useBlogPost } from '@/features/blog/api/use-blog-post';
import { BlogCover } from './BlogCover';
import { LoadError } from './LoadError';
import { localized, readingMinutes } from './blog-format';
import '@/styles/page.css';
import './blog.css';

const isMissing = (status: number) => status === 404 || status === 400;

export default function BlogPostPage() {
  const { t, i18n } = useTranslation('blog');
  const { id } = useParams();
  const { data, error, isLoading, mutate } = useBlogPost(id);
  const post = data?.data;
  const back = (
    <Link to="/blogs" className="blog-back">
      ← {t('back')}
    </Link>
  );

  if (isLoading) {
    return (
      <div className="container blog-post-state">
        <Loader block label={t('loadingPost')} />
      </div>
    );
  }
  if (error && isMissing(error.status)) {
    return (
      <div className="container blog-post-state">
        <div className="blog-state">
          <h1>{t('notFound.title')}</h1>
          <p>{t('notFound.text')}</p>
          <Link className="btn btn--primary" to="/blogs">
            {t('notFound.back')}
          </Link>
        </div>
      </div>
    );
  }
  if (error || !post) {
    return (
      <div className="container blog-post-state">
        {back}
        <LoadError onRetry={() => void mutate()} />
      </div>
    );
  }

  const body = localized(post.body, i18n.language);
  return (
    <article className="blog-post">
      <header className="container blog-post__head">
        {back}
        <p className="blog-post__meta">
          <time dateTime={post.published_at}>{formatDate(post.published_at, i18n.language, { utc: true })}</time>
          <span aria-hidden="true"> · </span>
          {t('readingTime', { count: readingMinutes(body) })}
        </p>
        <h1>{localized(post.title, i18n.language)}</h1>
        <p className="blog-post__lead">{localized(post.excerpt, i18n.language)}</p>
      </header>
      <div className="container">
        <BlogCover src={post.cover} className="blog-post__cover" eager />
        <div className="prose blog-post__body">
          {body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <aside className="page-callout blog-post__cta">
          <div>
            <h2>{t('cta.title')}</h2>
            <p>{t('cta.text')}</p>
          </div>
          <Link className="btn btn--primary" to="/#get-number">
            {t('cta.button')}
          </Link>
        </aside>
      </div>
    </article>
  );
}
