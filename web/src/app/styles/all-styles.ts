// A module for the whole stylesheet, so screens can load it with their code (see router.tsx).
import './all.css';
