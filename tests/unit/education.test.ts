/**
 * Learning progress of the portal's Education page (spec section 2
 * "Education", 4 "Sample course progress", 9 certification threshold and
 * progress bar maximum), computed by app/domain/education.ts from the lesson data.
 */
import { describe, expect, it } from "vitest";
import { ACADEMY_TRACKS, CURRICULUM_TOTALS, SAMPLE_COURSES } from "~/content/academy";
import { courseProgress, formatPercent } from "~/domain/course-progress";
import { DEFAULT_TRACK, PROGRESS_MAX } from "~/content/portal";
import {
  achievements,
  certificationStatus,
  currentLesson,
  educationHref,
  getPortalTrack,
  inProgressCourses,
  overallProgress,
  parseTrackParam,
  PORTAL_TRACKS,
  TRACK_TABS,
  trackLessons,
  trackProgress,
  type PortalTrack,
} from "~/domain/education";

function courseById(id: string) {
  const course = PORTAL_TRACKS.flatMap((t) => t.courses).find((c) => c.id === id);
  if (!course) throw new Error(`no course ${id}`);
  return course;
}

describe("sample course progress (computed from the lesson data)", () => {
  it("shows 7 of 10 lessons as 70 percent and 3 of 8 as 37.5 percent", () => {
    const risk = courseById("risk-management-essentials");
    const foundations = courseById("foundations");
    expect(risk.lessons).toHaveLength(10);
    expect(risk.lessons.filter((l) => l.status === "done")).toHaveLength(7);
    expect(courseProgress(risk)).toEqual({ completed: 7, total: 10, percent: 70 });
    expect(foundations.lessons).toHaveLength(8);
    expect(courseProgress(foundations)).toEqual({ completed: 3, total: 8, percent: 37.5 });
    expect(formatPercent(courseProgress(risk).percent)).toBe("70%");
    expect(formatPercent(courseProgress(foundations).percent)).toBe("37.5%");
  });

  it("recomputes when the lesson data changes (nothing is hard-coded)", () => {
    const lessons = [
      { title: "a", status: "done" as const },
      { title: "b", status: "current" as const },
      { title: "c", status: "not-started" as const },
      { title: "d", status: "not-started" as const },
    ];
    expect(courseProgress({ id: "x", title: "X", lessons })).toEqual({ completed: 1, total: 4, percent: 25 });
    const track: PortalTrack = { ...PORTAL_TRACKS[0]!, courses: [{ id: "x", title: "X", lessons }] };
    expect(trackProgress(track).percent).toBe(25);
    expect(overallProgress([track])).toEqual({ completed: 1, total: 4, percent: 25 });
  });

  it("reuses the academy's sample courses", () => {
    for (const course of SAMPLE_COURSES) expect(courseById(course.id)).toBe(course);
  });

  it("marks lessons done, current or not started, with one current lesson per in-progress course", () => {
    for (const course of PORTAL_TRACKS.flatMap((t) => t.courses)) {
      for (const lesson of course.lessons) expect(["done", "current", "not-started"]).toContain(lesson.status);
      expect(course.lessons.filter((l) => l.status === "current").length).toBeLessThanOrEqual(1);
    }
    expect(inProgressCourses().map(({ course }) => [course.id, currentLesson(course)?.title])).toEqual([
      ["foundations", "Reading price charts"],
      ["risk-management-essentials", "Daily and weekly loss limits"],
    ]);
  });
});

describe("learning tracks", () => {
  it("are the academy's four tracks with as many lessons as the academy states", () => {
    expect(PORTAL_TRACKS.map((t) => t.slug)).toEqual(ACADEMY_TRACKS.map((t) => t.id));
    for (const track of PORTAL_TRACKS) {
      const academy = ACADEMY_TRACKS.find((t) => t.id === track.slug)!;
      expect(trackLessons(track)).toHaveLength(academy.lessons);
      expect([track.title, track.level, track.hours]).toEqual([academy.title, academy.level, academy.hours]);
    }
  });

  it("computes track and overall progress from the lessons", () => {
    expect(PORTAL_TRACKS.map((t) => [t.slug, trackProgress(t).completed, trackProgress(t).total])).toEqual([
      ["foundations", 3, 8],
      ["risk-psychology", 7, 12],
      ["strategy-modules", 0, 16],
      ["platform-setup", 6, 6],
    ]);
    expect(trackProgress(getPortalTrack("foundations")).percent).toBe(37.5);
    const overall = overallProgress();
    expect(overall.total).toBe(CURRICULUM_TOTALS.lessons);
    expect(overall).toEqual({ completed: 16, total: 42, percent: (16 / 42) * 100 });
    expect(formatPercent(overall.percent)).toBe("38.1%");
  });

  it("progress bars default to a maximum of 100", () => {
    expect(PROGRESS_MAX).toBe(100);
  });
});

describe("track tabs", () => {
  it("are links to ?track=<slug>", () => {
    expect(TRACK_TABS.map((t) => t.href)).toEqual([
      "/portal/education?track=foundations",
      "/portal/education?track=risk-psychology",
      "/portal/education?track=strategy-modules",
      "/portal/education?track=platform-setup",
    ]);
    expect(educationHref("platform-setup")).toBe("/portal/education?track=platform-setup");
  });

  it("parse the track parameter, falling back to the first track", () => {
    expect(DEFAULT_TRACK).toBe("foundations");
    expect(parseTrackParam("risk-psychology")).toBe("risk-psychology");
    expect(parseTrackParam(" Platform-Setup ")).toBe("platform-setup");
    expect(parseTrackParam("unknown")).toBe("foundations");
    expect(parseTrackParam("")).toBe("foundations");
    expect(parseTrackParam(null)).toBe("foundations");
    expect(parseTrackParam(undefined)).toBe("foundations");
    expect(parseTrackParam("__proto__")).toBe("foundations");
  });
});

describe("certification", () => {
  it("needs 80% of the curriculum", () => {
    const status = certificationStatus();
    expect(status.thresholdPercent).toBe(80);
    expect(status.requiredLessons).toBe(34);
    expect(status.completedLessons).toBe(16);
    expect(status.lessonsToGo).toBe(18);
    expect(status.eligible).toBe(false);
    expect(status.body).toContain("80% of the curriculum");
  });

  it("becomes eligible at exactly 80%", () => {
    expect(certificationStatus({ completed: 8, total: 10, percent: 80 })).toMatchObject({ eligible: true, lessonsToGo: 0 });
    expect(certificationStatus({ completed: 7, total: 10, percent: 70 })).toMatchObject({ eligible: false, lessonsToGo: 1 });
  });
});

describe("achievements", () => {
  it("derives earned achievements from the progress", () => {
    const earned = Object.fromEntries(achievements().map((a) => [a.id, a.earned]));
    expect(earned).toEqual({
      "first-lesson": true,
      "platform-ready": true,
      "risk-first": true,
      "halfway-there": false,
      "strategy-scholar": false,
      certified: false,
    });
  });


  it("are earned by the rules, recomputed when the lessons change", () => {
    const done = (n: number, of: number) => Array.from({ length: of }, (_, i) => ({ title: `l${i}`, status: i < n ? ("done" as const) : ("not-started" as const) }));
    const tracks: PortalTrack[] = PORTAL_TRACKS.map((track) => ({
      ...track,
      courses: [{ id: track.slug, title: track.title, lessons: track.slug === "strategy-modules" ? done(10, 10) : done(9, 10) }],
    }));
    const earned = Object.fromEntries(achievements(tracks).map((a) => [a.id, a.earned]));
    expect(earned).toEqual({
      "first-lesson": true,
      "platform-ready": false,
      "risk-first": true,
      "halfway-there": true,
      "strategy-scholar": true,
      certified: true,
    });
    expect(achievements(tracks.map((t) => ({ ...t, courses: [{ id: t.slug, title: t.title, lessons: done(0, 4) }] }))).some((a) => a.earned)).toBe(false);
  });
});
