package dev.dartasync.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The README and {@code docs/*.md} link only to things a clone has: every relative link (inline,
 * image or reference definition) names a file or directory inside the repository, every
 * {@code #anchor} into a Markdown file names one of its headings, and every reference label used is
 * defined. Links to other sites are not fetched. Code spans and code blocks are not links.
 *
 * <p>Surefire runs tests with the module directory as the working directory; the repository root
 * is the nearest directory above it whose {@code pom.xml} lists {@code <modules>}.
 */
class DocLinksTest {

  /** One link target found in a Markdown file. */
  record Link(String file, int line, String target) {}

  /** The links and reference labels of one Markdown text, code removed. */
  record Scan(List<Link> links, List<Link> labelUses, Set<String> labelDefinitions) {}

  private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~)");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(?s:.+?)\\1");
  private static final Pattern HTML_COMMENT = Pattern.compile("<!--(?s:.*?)-->");
  /** {@code [text](target "title")} and {@code ![alt](target)}; text may hold one bracket level. */
  private static final Pattern INLINE =
      Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  /** {@code [label]: target "title"} at the start of a line. */
  private static final Pattern DEFINITION =
      Pattern.compile("^\\s{0,3}\\[([^\\]]+)\\]:\\s*<?(\\S+?)>?(?:\\s+.*)?$");
  /** {@code [text][label]} (label may be empty: {@code [label][]}) and the shortcut {@code [label]}. */
  private static final Pattern REFERENCE =
      Pattern.compile("\\[((?:[^\\[\\]]|\\[[^\\[\\]]*\\])+)\\](?:\\[([^\\[\\]]*)\\])?(?![(:\\[])");
  private static final Pattern SCHEME = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*:|//)");
  private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");

  // ---- the checks on the repository's documents ------------------------------------------------

  @Test
  @DisplayName("every relative link in README.md and docs/*.md resolves to a file of the repository")
  void everyRelativeLinkResolves() throws IOException {
    Path root = repositoryRoot();
    List<Path> documents = documents(root);
    List<String> problems = new ArrayList<>();
    Map<Path, Set<String>> anchorCache = new HashMap<>();
    int relative = 0;
    for (Path document : documents) {
      String name = root.relativize(document).toString();
      Scan scan = scan(name, Files.readString(document));
      for (Link link : scan.links()) {
        if (isExternal(link.target())) {
          continue;
        }
        relative++;
        String problem = check(root, document, link.target(), anchorCache);
        if (problem != null) {
          problems.add(link.file() + ":" + link.line() + ": " + link.target() + ": " + problem);
        }
      }
    }
    assertTrue(problems.isEmpty(), "broken links:\n" + String.join("\n", problems));
    // The docs cross-link and link to the tests: finding almost none means the scan is broken.
    assertTrue(relative >= 20, "only " + relative + " relative links found in " + documents);
  }

  @Test
  @DisplayName("every reference label used in README.md and docs/*.md is defined in the same file")
  void everyReferenceLabelIsDefined() throws IOException {
    Path root = repositoryRoot();
    List<String> problems = new ArrayList<>();
    int uses = 0;
    for (Path document : documents(root)) {
      Scan scan = scan(root.relativize(document).toString(), Files.readString(document));
      for (Link use : scan.labelUses()) {
        uses++;
        if (!scan.labelDefinitions().contains(normalizeLabel(use.target()))) {
          problems.add(use.file() + ":" + use.line() + ": [" + use.target() + "] is not defined");
        }
      }
    }
    assertTrue(problems.isEmpty(), "undefined references:\n" + String.join("\n", problems));
    assertTrue(uses > 0, "no reference-style links found: the scan is broken");
  }

  /** A relative path that climbs ({@code ../x}), anywhere in a line: prose, code or link. */
  private static final Pattern CLIMBING_PATH = Pattern.compile("(?<![\\w./-])((?:\\.\\./)+[\\w.-]+(?:/[\\w.-]+)*)");

  @Test
  @DisplayName("README.md and docs/*.md name no path outside the repository, linked or not")
  void noPathLeavesTheRepository() throws IOException {
    Path root = repositoryRoot();
    List<String> problems = new ArrayList<>();
    for (Path document : documents(root)) {
      List<String> lines = Files.readAllLines(document);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = CLIMBING_PATH.matcher(lines.get(i));
        while (m.find()) {
          Path target = document.getParent().resolve(m.group(1)).normalize();
          if (!target.startsWith(root)) {
            problems.add(root.relativize(document) + ":" + (i + 1) + ": " + m.group(1));
          }
        }
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
  }

  // ---- the scanner itself ------------------------------------------------------------------------

  @Nested
  @DisplayName("the Markdown scanner")
  class Scanner {

    @Test
    @DisplayName("finds inline, image and definition targets; skips code spans, code blocks and comments")
    void findsLinksButNotCode() {
      String text =
          String.join(
              "\n",
              "See [the docs](docs/a.md#intro) and ![chart](img/c.svg \"title\").",
              "A `[not](a-link.md)` span, and [`code` text](b.md).",
              "```",
              "[inside](fence.md)",
              "```",
              "<!-- [hidden](comment.md) -->",
              "Use [a label][lbl] and [Shortcut].",
              "[lbl]: ../x/y.java",
              "[shortcut]: https://example.com/z",
              "Plain [brackets](<spaced.md>) end.");
      Scan scan = scan("t.md", text);
      List<String> targets = scan.links().stream().map(Link::target).toList();
      assertEquals(
          List.of(
              "docs/a.md#intro",
              "img/c.svg",
              "b.md",
              "../x/y.java",
              "https://example.com/z",
              "spaced.md"),
          targets);
      assertEquals(1, scan.links().get(0).line());
      assertEquals(8, scan.links().get(3).line());
      assertEquals(
          List.of("lbl", "Shortcut"), scan.labelUses().stream().map(Link::target).toList());
      assertEquals(Set.of("lbl", "shortcut"), scan.labelDefinitions());
    }

    @Test
    @DisplayName("external targets are recognised by their scheme")
    void externalTargets() {
      assertTrue(isExternal("https://github.com/dart-lang/sdk"));
      assertTrue(isExternal("mailto:someone@example.com"));
      assertTrue(isExternal("//cdn.example.com/x"));
      assertFalse(isExternal("docs/semantics.md"));
      assertFalse(isExternal("../dart-async-tests/src/test/java/A.java"));
      assertFalse(isExternal("#1-the-event-loop"));
    }

    @Test
    @DisplayName("heading anchors follow GitHub's rule, duplicates numbered")
    void headingAnchors() {
      String text =
          String.join(
              "\n",
              "# Title",
              "## 1. The event loop",
              "### 4.2 `.wait` on iterables; ParallelWaitError",
              "## 6. Futures, a port of Dart's `_Future`",
              "```",
              "# not a heading",
              "```",
              "## Title");
      assertEquals(
          Set.of(
              "title",
              "1-the-event-loop",
              "42-wait-on-iterables-parallelwaiterror",
              "6-futures-a-port-of-darts-_future",
              "title-1"),
          anchors(text));
    }

    @Test
    @DisplayName("a link that leaves the repository or names a missing file is reported")
    void reportsBrokenTargets() throws IOException {
      Path root = repositoryRoot();
      Path readme = root.resolve("README.md");
      Map<Path, Set<String>> cache = new HashMap<>();
      assertEquals(null, check(root, readme, "docs/semantics.md#1-the-event-loop", cache));
      assertTrue(check(root, readme, "../elsewhere/notes.md", cache).contains("outside"));
      assertTrue(check(root, readme, "docs/no-such-file.md", cache).contains("no such"));
      assertTrue(check(root, readme, "docs/semantics.md#no-such-heading", cache).contains("anchor"));
    }
  }

  // ---- helpers ------------------------------------------------------------------------------------

  /** The nearest directory at or above the working directory whose pom.xml lists modules. */
  static Path repositoryRoot() throws IOException {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path pom = dir.resolve("pom.xml");
      if (Files.isRegularFile(pom) && Files.readString(pom).contains("<modules>")) {
        return dir;
      }
    }
    return fail("no parent pom.xml (with <modules>) at or above " + start);
  }

  /** README.md and every Markdown file directly in docs/, in a stable order. */
  static List<Path> documents(Path root) throws IOException {
    List<Path> documents = new ArrayList<>();
    documents.add(root.resolve("README.md"));
    Path docs = root.resolve("docs");
    assertTrue(Files.isDirectory(docs), "no docs/ directory in " + root);
    try (Stream<Path> files = Files.list(docs)) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(documents::add);
    }
    for (Path document : documents) {
      assertTrue(Files.isRegularFile(document), "missing " + document);
    }
    return documents;
  }

  /** Null if {@code target}, written in {@code document}, resolves; else what is wrong. */
  static String check(Path root, Path document, String target, Map<Path, Set<String>> anchors)
      throws IOException {
    int hash = target.indexOf('#');
    String pathPart = hash < 0 ? target : target.substring(0, hash);
    String fragment = hash < 0 ? null : target.substring(hash + 1);
    Path resolved =
        pathPart.isEmpty()
            ? document
            : document.getParent().resolve(decode(pathPart)).normalize();
    if (!resolved.startsWith(root)) {
      return "points outside the repository";
    }
    if (!Files.exists(resolved)) {
      return "no such file or directory: " + root.relativize(resolved);
    }
    if (fragment != null && !fragment.isEmpty() && resolved.toString().endsWith(".md")) {
      Set<String> known = anchors.get(resolved);
      if (known == null) {
        known = anchors(Files.readString(resolved));
        anchors.put(resolved, known);
      }
      if (!known.contains(decode(fragment).toLowerCase(Locale.ROOT))) {
        return "no anchor #" + fragment + " in " + root.relativize(resolved);
      }
    }
    return null;
  }

  static boolean isExternal(String target) {
    return SCHEME.matcher(target).find();
  }

  /** Scans Markdown: link targets (inline, image, definitions) and reference label uses. */
  static Scan scan(String file, String markdown) {
    List<Link> links = new ArrayList<>();
    List<Link> uses = new ArrayList<>();
    Set<String> definitions = new HashSet<>();
    String[] lines = withoutCode(markdown).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      Matcher definition = DEFINITION.matcher(line);
      if (definition.matches()) {
        definitions.add(normalizeLabel(definition.group(1)));
        links.add(new Link(file, i + 1, definition.group(2)));
        continue;
      }
      Matcher inline = INLINE.matcher(line);
      while (inline.find()) {
        links.add(new Link(file, i + 1, inline.group(1)));
      }
      Matcher reference = REFERENCE.matcher(inline.replaceAll(" "));
      while (reference.find()) {
        String label = reference.group(2) == null || reference.group(2).isEmpty()
            ? reference.group(1)
            : reference.group(2);
        uses.add(new Link(file, i + 1, label));
      }
    }
    return new Scan(links, uses, definitions);
  }

  /** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, -1 for repeats. */
  static Set<String> anchors(String markdown) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : withoutFencedBlocks(markdown).split("\n", -1)) {
      Matcher heading = HEADING.matcher(line);
      if (!heading.matches()) {
        continue;
      }
      String slug =
          heading
              .group(1)
              .toLowerCase(Locale.ROOT)
              .replaceAll("[^\\p{L}\\p{Nd}\\s_-]", "")
              .replace(' ', '-');
      int count = seen.merge(slug, 1, Integer::sum);
      anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
    }
    return anchors;
  }

  private static String normalizeLabel(String label) {
    return label.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  private static String decode(String s) {
    return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  /** Blanks fenced blocks, HTML comments and code spans, keeping line numbers. */
  private static String withoutCode(String markdown) {
    String text = withoutFencedBlocks(markdown);
    text = blank(HTML_COMMENT, text);
    return blank(CODE_SPAN, text);
  }

  private static String withoutFencedBlocks(String markdown) {
    StringBuilder out = new StringBuilder();
    boolean inFence = false;
    for (String line : markdown.split("\n", -1)) {
      boolean fence = FENCE.matcher(line).find();
      out.append(inFence || fence ? "" : line).append('\n');
      if (fence) {
        inFence = !inFence;
      }
    }
    return out.toString();
  }

  /** Replaces each match by spaces, newlines kept, so that line numbers stay right. */
  private static String blank(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(m.group().replaceAll("[^\n]", " ")));
    }
    m.appendTail(out);
    return out.toString();
  }
}
