// PLACEHOLDER: the shell engineer replaces this (header, footer, title, scroll).
import { Outlet } from 'react-router-dom';
export function MainLayout() {
  return <main><Outlet /></main>;
}
