import { useTranslation } from '@/lib/i18n';
import { Loader } from '@/components/loader/Loader';
import { PageIntro } from '@/components/page-intro/PageIntro';
import { useBlogPosts } from '@/features/blog/api/use-blog-posts';
import { BlogCard } from './BlogCard';
import { LoadError } from './LoadError';
import './blog.css';

export default function BlogListPage() {
  const { t } = useTranslation('blog');
  const { data, error, isLoading, mutate } = useBlogPosts();
  const posts = data?.data ?? [];
  return (
    <div className="page">
      <PageIntro eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')} />
      <div className="container page-body">
        {isLoading ? (
          <Loader block label={t('loading')} />
        ) : error ? (
          <LoadError onRetry={() => void mutate()} />
        ) : posts.length === 0 ? (
          <p className="blog-state">{t('empty')}</p>
        ) : (
          <div className="blog-grid">
            {posts.map((post) => (
              <BlogCard key={post.id} post={post} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
