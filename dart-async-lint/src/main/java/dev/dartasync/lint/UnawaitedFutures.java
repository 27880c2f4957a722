package dev.dartasync.lint;

import static com.google.errorprone.BugPattern.LinkType.CUSTOM;
import static com.google.errorprone.BugPattern.SeverityLevel.WARNING;

import com.google.errorprone.BugPattern;
import com.google.errorprone.VisitorState;
import com.google.errorprone.bugpatterns.BugChecker;
import com.google.errorprone.bugpatterns.BugChecker.ExpressionStatementTreeMatcher;
import com.google.errorprone.fixes.SuggestedFix;
import com.google.errorprone.fixes.SuggestedFixes;
import com.google.errorprone.matchers.Description;
import com.google.errorprone.util.ASTHelpers;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreeScanner;
import com.sun.tools.javac.code.Symbol;
import com.sun.tools.javac.code.Symbol.MethodSymbol;
import com.sun.tools.javac.code.Type;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Dart's {@code unawaited_futures} lint: an expression statement whose value is a {@code DFuture}
 * (the future is computed and dropped), inside an async body. Reported at the statement with
 * Dart's message, with two fixes: {@code await(…)} (first) and {@code unawaited(…)}.
 *
 * <p><b>Async body</b> (Dart: the nearest enclosing function body is {@code async}, not {@code
 * async*}). The nearest enclosing lambda or method decides:
 *
 * <ul>
 *   <li>a lambda passed as the body to {@code Dart.async} is an async body (the port of a Dart
 *       {@code async} function);
 *   <li>a lambda passed as the body to {@code Dart.run}, {@code Dart.runMain}, {@code Isolate.run},
 *       {@code Isolate.spawn} or {@code Isolate.compute} is one if it calls {@code Dart.await} or
 *       {@code Dart.awaitFor} itself: these take Dart's {@code void main()} as well as its {@code
 *       Future<void> main() async}, and in Java both may await, so the one that does is the async
 *       one;
 *   <li>a method is one when a method reference to it ({@code Dart.runMain(Demo::program)}) is
 *       passed to one of those in the same source file, by the same rule;
 *   <li>the action lambda of {@code Dart.awaitFor} belongs to the body that runs the loop (Dart's
 *       {@code await for} block), so the search goes on outward from it;
 *   <li>anything else is synchronous: other lambdas ({@code then} callbacks, {@code runZoned}
 *       bodies, a {@code Runnable} inside an async body), other methods (also the one that returns
 *       {@code async(…)}: its body is the lambda), initializers, and {@code Dart.asyncStar} bodies
 *       (Dart's lint skips generators).
 * </ul>
 *
 * <p><b>Silent</b> for {@code unawaited(f)} and {@code f.ignore()} (no future is dropped: both
 * return nothing), assignments ({@code var f = …}, {@code f = …}), a returned or awaited future,
 * and {@code DFuture.delayed(duration, computation)} (Dart's lint makes the same exception).
 *
 * <p>Alternative names: {@code unawaited_futures} (Dart's) and {@code FutureReturnValueIgnored}
 * (Error Prone's check that also fires on a dropped {@code DFuture}, in any code), so an existing
 * {@code @SuppressWarnings} of either silences this check too. It runs inside javac, at compile
 * time; nothing of it runs with the program.
 */
@BugPattern(
    summary =
        "Missing an 'await' for the 'Future' computed by this expression. Try adding an 'await' or"
            + " wrapping the expression with 'unawaited'.",
    severity = WARNING,
    altNames = {"unawaited_futures", "FutureReturnValueIgnored"},
    linkType = CUSTOM,
    link = "https://dart.dev/tools/linter-rules/unawaited_futures")
public final class UnawaitedFutures extends BugChecker implements ExpressionStatementTreeMatcher {

  private static final String DART = "dev.dartasync.Dart";
  private static final String ISOLATE = "dev.dartasync.isolate.Isolate";
  private static final String DFUTURE = "dev.dartasync.DFuture";

  /** Per source file: the methods that a method reference hands to an async entry point. */
  private final Map<CompilationUnitTree, Set<Symbol>> asyncMethods = new WeakHashMap<>();

  @Override
  public Description matchExpressionStatement(ExpressionStatementTree tree, VisitorState state) {
    ExpressionTree expression = tree.getExpression();
    if (expression instanceof AssignmentTree || expression instanceof CompoundAssignmentTree) {
      return Description.NO_MATCH;
    }
    Type type = ASTHelpers.getType(expression);
    Type dfuture = state.getTypeFromString(DFUTURE);
    if (type == null || dfuture == null || !ASTHelpers.isSubtype(type, dfuture, state)) {
      return Description.NO_MATCH;
    }
    if (isDelayedWithComputation(expression) || !inAsyncBody(state.getPath(), state)) {
      return Description.NO_MATCH;
    }
    String source = state.getSourceForNode(expression);
    SuggestedFix.Builder await = SuggestedFix.builder();
    String awaitName = SuggestedFixes.qualifyStaticImport(DART + ".await", await, state);
    await.replace(expression, awaitName + "(" + source + ")");
    SuggestedFix.Builder unawaited = SuggestedFix.builder();
    String unawaitedName = SuggestedFixes.qualifyStaticImport(DART + ".unawaited", unawaited, state);
    unawaited.replace(expression, unawaitedName + "(" + source + ")");
    return buildDescription(tree).addFix(await.build()).addFix(unawaited.build()).build();
  }

  /** Dart's lint lets {@code Future.delayed(d, computation)} stand alone (a timer). */
  private static boolean isDelayedWithComputation(ExpressionTree expression) {
    if (!(expression instanceof MethodInvocationTree call) || call.getArguments().size() != 2) {
      return false;
    }
    MethodSymbol method = ASTHelpers.getSymbol(call);
    return method != null
        && method.getSimpleName().contentEquals("delayed")
        && method.owner.getQualifiedName().contentEquals(DFUTURE);
  }

  /** Whether the nearest enclosing function of {@code path} is an async body (see class doc). */
  private boolean inAsyncBody(TreePath path, VisitorState state) {
    for (TreePath p = path.getParentPath(); p != null; p = p.getParentPath()) {
      Tree leaf = p.getLeaf();
      if (leaf instanceof LambdaExpressionTree) {
        TreePath parent = p.getParentPath();
        BodyRole role = roleOfArgument(parent.getLeaf(), leaf);
        if (role == BodyRole.LOOP_ACTION) {
          continue;
        }
        return role == BodyRole.ASYNC_BODY
            || (role == BodyRole.MAIN_BODY && awaitsItself(((LambdaExpressionTree) leaf).getBody()));
      }
      if (leaf instanceof MethodTree method) {
        Symbol symbol = ASTHelpers.getSymbol(method);
        return symbol != null
            && asyncMethodsOf(state.getPath().getCompilationUnit()).contains(symbol)
            && awaitsItself(method.getBody());
      }
      if (leaf instanceof ClassTree) {
        return false;
      }
    }
    return false;
  }

  private enum BodyRole {
    /** The body of {@code Dart.async}: always Dart's {@code async} function. */
    ASYNC_BODY,
    /** A main or an isolate's computation: Dart's {@code async} one only if it awaits itself. */
    MAIN_BODY,
    LOOP_ACTION,
    OTHER
  }

  /** What {@code argument} is to {@code call}: the body of an async entry point, an awaitFor action, or neither. */
  private static BodyRole roleOfArgument(Tree call, Tree argument) {
    if (!(call instanceof MethodInvocationTree invocation)) {
      return BodyRole.OTHER;
    }
    MethodSymbol method = ASTHelpers.getSymbol(invocation);
    if (method == null || !invocation.getArguments().contains(argument)) {
      return BodyRole.OTHER;
    }
    int index = invocation.getArguments().indexOf(argument);
    String owner = method.owner.getQualifiedName().toString();
    String name = method.getSimpleName().toString();
    if (owner.equals(DART)) {
      if (index == 0 && name.equals("async")) {
        return BodyRole.ASYNC_BODY;
      }
      if (index == 0 && (name.equals("run") || name.equals("runMain"))) {
        return BodyRole.MAIN_BODY;
      }
      if (index == 1 && name.equals("awaitFor")) {
        return BodyRole.LOOP_ACTION;
      }
    } else if (owner.equals(ISOLATE)
        && index == 0
        && (name.equals("run") || name.equals("spawn") || name.equals("compute"))) {
      return BodyRole.MAIN_BODY;
    }
    return BodyRole.OTHER;
  }

  /**
   * Whether {@code body} calls {@code Dart.await} or {@code Dart.awaitFor} itself: not in a nested
   * lambda or class ({@code awaitFor} itself counts). Dart's main may be {@code void main()} or
   * {@code Future<void> main() async}, while Java's always may await; one that awaits is the async
   * one.
   */
  private static boolean awaitsItself(Tree body) {
    if (body == null) {
      return false;
    }
    boolean[] found = {false};
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
        MethodSymbol method = ASTHelpers.getSymbol(call);
        if (method != null
            && method.owner.getQualifiedName().contentEquals(DART)
            && (method.getSimpleName().contentEquals("await")
                || method.getSimpleName().contentEquals("awaitFor"))) {
          found[0] = true;
        }
        return super.visitMethodInvocation(call, unused);
      }

      @Override
      public Void visitLambdaExpression(LambdaExpressionTree lambda, Void unused) {
        return null; // Another function's body (a lambda not passed straight to a call, too).
      }

      @Override
      public Void visitClass(ClassTree tree, Void unused) {
        return null;
      }
    }.scan(body, null);
    return found[0];
  }

  /** The methods of this file that a method reference passes to an async entry point as its body. */
  private Set<Symbol> asyncMethodsOf(CompilationUnitTree unit) {
    return asyncMethods.computeIfAbsent(
        unit,
        u -> {
          Set<Symbol> found = new HashSet<>();
          new TreeScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree call, Void unused) {
              for (ExpressionTree argument : call.getArguments()) {
                if (argument instanceof MemberReferenceTree reference
                    && roleOfArgument(call, argument) != BodyRole.OTHER) {
                  Symbol target = ASTHelpers.getSymbol(reference);
                  if (target != null) {
                    found.add(target);
                  }
                }
              }
              return super.visitMethodInvocation(call, unused);
            }
          }.scan(u, null);
          return found;
        });
  }
}
