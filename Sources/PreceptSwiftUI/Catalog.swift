// What the reader knows about SwiftUI by name: which parameters of common initialisers and
// modifiers take views and which take actions, which names are views, which are modifiers,
// and which attributes are not property wrappers. Everything else is decided by heuristics in
// the parser.

/// What a parameter does with its argument.
enum ParameterRole: Equatable {
  /// An ordinary value: recorded as an argument.
  case value
  /// The main view content (`content:`, the usual trailing closure): becomes `children`.
  case content
  /// A further view closure or view value (`label:`, `header:`): becomes the slot of its label.
  case slot
  /// A closure that runs code (`action:`, `perform:`): recorded as an `expr` argument.
  case action
}

struct Parameter {
  /// The argument label, `_` for an unlabelled parameter.
  var label: String
  var role: ParameterRole
  /// Whether the parameter has a default value (only recorded for closures, where it decides
  /// which parameter an unlabelled trailing closure goes to).
  var hasDefault = false

  /// An unlabelled value (a title, the data of `ForEach`) must be written.
  var isRequired: Bool { label == "_" && role == .value }
}

/// One overload, reduced to the parameters that matter for matching a call.
struct Signature {
  var parameters: [Parameter]

  /// Reads the table notation: `_` an unlabelled value, `name` a labelled value, `*name` view
  /// content, `+name` a view slot, `!name` an action; `_*` unlabelled view content; a leading
  /// `?` marks a closure parameter with a default value (`?!onDismiss`).
  init(_ notation: String) {
    parameters = notation.split(separator: " ").map { word in
      var label = Substring(word)
      let hasDefault = label.hasPrefix("?")
      if hasDefault { label = label.dropFirst() }
      var role = ParameterRole.value
      if label.hasPrefix("*") {
        role = .content
        label = label.dropFirst()
      } else if label.hasPrefix("+") {
        role = .slot
        label = label.dropFirst()
      } else if label.hasPrefix("!") {
        role = .action
        label = label.dropFirst()
      } else if label == "_*" {
        role = .content
        label = "_"
      }
      return Parameter(label: String(label), role: role, hasDefault: hasDefault)
    }
  }
}

enum Catalog {
  /// Initialisers of views, scenes and toolbar content, by type name. Overloads are tried in
  /// order; the first that accepts the call's labels wins. Labelled parameters may be left
  /// out (most have defaults); unlabelled values may not.
  static let initializers: [String: [Signature]] = table([
    "Button": ["_ role !action", "role !action +label", "!action +label", "intent +label"],
    "Menu": ["_ *content !primaryAction", "*content +label !primaryAction"],
    "Section": ["_ *content", "*content +header +footer", "+header +footer *content", "_ isExpanded *content"],
    "Picker": ["_ selection *content", "selection *content +label", "selection +label *content"],
    "Toggle": ["_ isOn", "isOn +label", "_ sources isOn", "sources isOn +label"],
    "Label": ["_ systemImage", "_ image", "+title +icon"],
    "LabeledContent": ["_ *content", "_ value", "*content +label"],
    "DisclosureGroup": ["_ isExpanded *content", "isExpanded *content +label", "*content +label"],
    "ControlGroup": ["*content", "_ *content", "*content +label"],
    "GroupBox": ["*content", "_ *content", "*content +label", "+label *content"],
    "ForEach": ["_ id editActions *content"],
    "NavigationLink": [
      "value +label", "_ value", "+destination +label", "_ +destination", "isActive +destination +label",
      "tag selection +destination +label",
    ],
    "NavigationSplitView": [
      "columnVisibility preferredCompactColumn +sidebar +content +detail",
      "columnVisibility preferredCompactColumn +sidebar +detail",
    ],
    "Link": ["_ destination", "destination +label"],
    "ShareLink": ["_ item subject message preview", "item subject message preview +label"],
    "Stepper": [
      "_ value in step ?!onEditingChanged", "value in step ?!onEditingChanged +label",
      "!onIncrement !onDecrement ?!onEditingChanged +label", "_ !onIncrement !onDecrement ?!onEditingChanged",
      // `Stepper { Text("Guests") } onIncrement: { … } onDecrement: { … }`: the unlabelled trailing
      // closure is the label, as Swift binds it, and the labelled ones are the actions.
      "+label !onIncrement !onDecrement ?!onEditingChanged",
    ],
    "Slider": [
      "value in step !onEditingChanged", "value in step +label +minimumValueLabel +maximumValueLabel !onEditingChanged",
      "value in step ?!onEditingChanged +minimumValueLabel +maximumValueLabel +label",
    ],
    "TextField": ["_ text prompt axis !onEditingChanged !onCommit", "text prompt axis +label"],
    "SecureField": ["_ text prompt !onCommit", "text prompt +label"],
    "DatePicker": ["_ selection in displayedComponents", "selection in displayedComponents +label"],
    "ColorPicker": ["_ selection supportsOpacity", "selection supportsOpacity +label"],
    "ProgressView": [
      "_ value total", "value total +label +currentValueLabel", "+label +currentValueLabel",
      "timerInterval countsDown",
    ],
    "Gauge": ["value in +label +currentValueLabel +minimumValueLabel +maximumValueLabel +markedValueLabels"],
    "ContentUnavailableView": ["+label +description +actions", "_ systemImage description", "_ image description"],
    "ToolbarItem": ["id placement *content"],
    "ToolbarItemGroup": ["placement *content", "placement *content +label"],
    "AsyncImage": ["url scale transaction *content +placeholder"],
    "AnyView": ["_*"],
    "TabView": ["selection *content"],
    "Tab": ["_ image systemImage value role *content", "value role *content +label"],
    "MenuBarExtra": ["_ image systemImage isInserted *content", "isInserted *content +label"],
    "PhotosPicker": ["_ selection maxSelectionCount matching", "selection maxSelectionCount matching +label"],
    "Canvas": ["opaque colorMode rendersAsynchronously !renderer +symbols"],
    "SignInWithAppleButton": ["_ !onRequest !onCompletion"],
    "KeyframeAnimator": ["initialValue trigger repeating *content !keyframes"],
    "PhaseAnimator": ["_ trigger *content !animation"],
    "Table": ["_ selection sortOrder *columns +rows", "of selection sortOrder *columns +rows"],
    "TableColumn": ["_ value comparator sortUsing *content"],
    "Window": ["_ id *content"],
    "WindowGroup": ["_ id for *content", "id for *content"],
    "DocumentGroup": ["newDocument *editor", "viewing *editor", "editing contentType *editor"],
    "Settings": ["*content"],
    "CommandMenu": ["_ *content"],
    "CommandGroup": ["replacing *addition", "before *addition", "after *addition"],
    "TimelineView": ["_ *content"],
    "GeometryReader": ["*content"],
    "ScrollViewReader": ["*content"],
    "ViewThatFits": ["in *content"],
    "ContextMenu": ["*menuItems"],
    "Alert": ["title message dismissButton", "title message primaryButton secondaryButton"],
    "ActionSheet": ["title message buttons"],
    "HelpLink": ["!action"],
    "PasteButton": ["payloadType !onPaste", "supportedContentTypes !payloadAction"],
    "#Preview": ["_ traits *body", "traits *body"],
  ])

  /// Modifiers, by name, in the same notation.
  static let modifiers: [String: [Signature]] = table([
    "overlay": ["_* alignment", "alignment *content", "_ in"],
    "background": ["_* alignment", "alignment *content", "ignoresSafeAreaEdges", "_ in ignoresSafeAreaEdges"],
    "mask": ["_*", "alignment *mask"],
    "sheet": ["isPresented ?!onDismiss *content", "item ?!onDismiss *content"],
    "fullScreenCover": ["isPresented ?!onDismiss *content", "item ?!onDismiss *content"],
    "popover": [
      "isPresented attachmentAnchor arrowEdge *content", "item attachmentAnchor arrowEdge *content",
    ],
    "inspector": ["isPresented *content"],
    "alert": [
      "_ isPresented presenting +actions +message", "isPresented *content", "item *content",
      "isPresented error +actions +message", "_ isPresented error +actions +message",
    ],
    "confirmationDialog": ["_ isPresented titleVisibility presenting +actions +message"],
    "toolbar": ["*content", "id *content", "_ for"],
    "toolbarTitleMenu": ["*content"],
    "contextMenu": ["*menuItems", "*menuItems +preview", "forSelectionType *menu !primaryAction", "_*"],
    "swipeActions": ["edge allowsFullSwipe *content"],
    "safeAreaInset": ["edge alignment spacing *content"],
    "navigationDestination": ["for *destination", "isPresented *destination", "item *destination"],
    "searchable": [
      "text placement prompt *suggestions",
      "text tokens suggestedTokens placement prompt +token",
      "text isPresented placement prompt *suggestions",
    ],
    "searchSuggestions": ["*suggestions"],
    "searchScopes": ["_ activation *scopes"],
    "tabItem": ["*label"],
    "navigationBarItems": ["+leading +trailing"],
    "accessibilityActions": ["*content"],
    "accessibilityAction": ["_ !action", "named !action", "!action +label", "!action"],
    "accessibilityRepresentation": ["*representation"],
    "accessibilityChildren": ["*children"],
    "accessibilityRotor": ["_ *entries"],
    "accessibilityAdjustableAction": ["!action"],
    "accessibilityScrollAction": ["!action"],
    "listRowBackground": ["_*"],
    "presentationBackground": ["_*", "alignment *content"],
    "containerBackground": ["_ for", "for alignment *content"],
    "overlayPreferenceValue": ["_ alignment *transform"],
    "backgroundPreferenceValue": ["_ alignment *transform"],
    "sectionActions": ["*content"],
    "draggable": ["_ +preview"],
    "onDrag": ["!data +preview"],
    "onTapGesture": ["count coordinateSpace !perform"],
    "onLongPressGesture": ["minimumDuration maximumDistance !perform !onPressingChanged"],
    "onAppear": ["!perform"],
    "onDisappear": ["!perform"],
    "task": ["priority !action", "id priority !action"],
    "onChange": ["of initial !action", "of !perform"],
    "onReceive": ["_ !perform"],
    "onSubmit": ["of !action"],
    "refreshable": ["!action"],
    "onDelete": ["!perform"],
    "onMove": ["!perform"],
    "onInsert": ["of !perform"],
    "onHover": ["!perform"],
    "onDrop": ["of isTargeted !perform", "of delegate"],
    "dropDestination": ["for !action !isTargeted"],
    "onOpenURL": ["!perform"],
    "onContinueUserActivity": ["_ !perform"],
    "onKeyPress": ["_ phases !action", "phases !action"],
    "onGeometryChange": ["for !of !action"],
    "onPreferenceChange": ["_ !perform"],
    "alignmentGuide": ["_ !computeValue"],
    "fileImporter": ["isPresented allowedContentTypes allowsMultipleSelection !onCompletion"],
    "fileExporter": ["isPresented document contentType defaultFilename !onCompletion"],
    "visualEffect": ["!effect"],
    "scrollTransition": ["_ axis !transition", "axis !transition"],
    "transaction": ["!transform", "value !transform"],
    "sensoryFeedback": ["_ trigger !condition"],
    "gesture": ["_ including"],
  ])

  /// SwiftUI views, shapes, scenes and toolbar content: a call to one of these is a view even
  /// without a table entry, and its closures are view closures.
  static let viewTypes: Set<String> = [
    "Text", "Image", "Button", "Menu", "Label", "Link", "ShareLink", "Toggle", "Picker", "DatePicker",
    "MultiDatePicker", "ColorPicker", "Slider", "Stepper", "Gauge", "ProgressView", "TextField", "SecureField",
    "TextEditor", "Form", "List", "Section", "ForEach", "Group", "GroupBox", "VStack", "HStack", "ZStack",
    "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "ScrollView", "ScrollViewReader",
    "GeometryReader", "NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "TabView",
    "Tab", "TabSection", "Spacer", "Divider", "EmptyView", "AnyView", "Color", "LinearGradient",
    "RadialGradient", "AngularGradient", "EllipticalGradient", "Rectangle", "RoundedRectangle",
    "UnevenRoundedRectangle", "Circle", "Ellipse", "Capsule", "ContainerRelativeShape", "Path", "Canvas",
    "TimelineView", "ViewThatFits", "DisclosureGroup", "OutlineGroup", "LabeledContent", "ControlGroup",
    "ContentUnavailableView", "AsyncImage", "Table", "TableColumn", "TableRow", "EditButton", "PasteButton",
    "RenameButton", "HelpLink", "SignInWithAppleButton", "VideoPlayer", "Map", "Chart", "ToolbarItem",
    "ToolbarItemGroup", "ToolbarSpacer", "ToolbarTitleMenu", "WindowGroup", "Window", "Settings",
    "DocumentGroup", "MenuBarExtra", "CommandMenu", "CommandGroup", "CommandGroupPlacement", "HSplitView",
    "VSplitView", "ContextMenu", "PhotosPicker", "KeyframeAnimator", "PhaseAnimator", "TupleView",
    "ProductView", "StoreView", "SubscriptionStoreView", "Alert", "ActionSheet", "UtilityWindow",
    "WindowVisibilityToggle", "ImmersiveSpace", "RealityView", "Model3D", "SettingsLink", "OpenWindowAction",
  ]

  /// Views that are as often passed as styles or shapes (`.fill(Color.red)`,
  /// `.clipShape(Circle())`): as arguments of unknown calls they stay arguments.
  static let styleTypes: Set<String> = [
    "Color", "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "Rectangle",
    "RoundedRectangle", "UnevenRoundedRectangle", "Circle", "Ellipse", "Capsule", "ContainerRelativeShape", "Path",
    "Alert", "ActionSheet",
  ]

  /// Common view modifiers that take no view closures. Knowing them tells a modifier from a
  /// method call in `content.padding()` or `self.frame(…)`.
  static let modifierNames: Set<String> = [
    "padding", "frame", "font", "fontWeight", "fontDesign", "fontWidth", "foregroundColor", "foregroundStyle",
    "tint", "accentColor", "bold", "italic", "underline", "strikethrough", "monospaced", "monospacedDigit",
    "kerning", "tracking", "baselineOffset", "lineLimit", "lineSpacing", "multilineTextAlignment",
    "truncationMode", "minimumScaleFactor", "allowsTightening", "textCase", "textSelection", "opacity",
    "cornerRadius", "clipShape", "clipped", "shadow", "border", "offset", "position", "rotationEffect",
    "rotation3DEffect", "scaleEffect", "blur", "brightness", "contrast", "saturation", "grayscale", "hueRotation",
    "colorInvert", "colorMultiply", "blendMode", "compositingGroup", "drawingGroup", "zIndex", "layoutPriority",
    "fixedSize", "aspectRatio", "scaledToFit", "scaledToFill", "resizable", "renderingMode", "interpolation",
    "antialiased", "symbolRenderingMode", "symbolVariant", "symbolEffect", "imageScale", "labelStyle",
    "buttonStyle", "buttonBorderShape", "controlSize", "toggleStyle", "pickerStyle", "datePickerStyle",
    "textFieldStyle", "listStyle", "menuStyle", "tabViewStyle", "formStyle", "gaugeStyle", "progressViewStyle",
    "groupBoxStyle", "labeledContentStyle", "navigationViewStyle", "indexViewStyle", "disclosureGroupStyle",
    "controlGroupStyle", "navigationTitle", "navigationSubtitle", "navigationBarTitle",
    "navigationBarTitleDisplayMode", "navigationBarHidden", "navigationBarBackButtonHidden",
    "toolbarBackground", "toolbarColorScheme", "toolbarRole",
    "toolbarVisibility", "statusBarHidden", "statusBar", "ignoresSafeArea", "edgesIgnoringSafeArea",
    "safeAreaPadding", "contentMargins", "environment", "environmentObject", "preferredColorScheme",
    "colorScheme", "disabled", "hidden", "redacted", "unredacted", "allowsHitTesting", "contentShape",
    "animation", "transition", "matchedGeometryEffect", "id", "tag", "badge", "help", "keyboardShortcut",
    "keyboardType", "textContentType", "textInputAutocapitalization", "autocapitalization",
    "disableAutocorrection", "autocorrectionDisabled", "submitLabel", "focused", "focusable", "focusEffectDisabled",
    "defaultFocus", "focusScope", "focusSection", "scrollContentBackground", "scrollDisabled",
    "scrollIndicators", "scrollDismissesKeyboard", "scrollTargetBehavior", "scrollTargetLayout",
    "scrollPosition", "scrollClipDisabled", "scrollBounceBehavior", "defaultScrollAnchor", "listRowInsets",
    "listRowSeparator", "listRowSeparatorTint", "listSectionSeparator", "listRowSpacing", "listSectionSpacing",
    "headerProminence", "presentationDetents", "presentationDragIndicator", "presentationCornerRadius",
    "presentationCompactAdaptation", "presentationBackgroundInteraction", "presentationContentInteraction",
    "interactiveDismissDisabled", "labelsHidden", "accessibilityLabel", "accessibilityHint",
    "accessibilityValue", "accessibilityIdentifier", "accessibilityHidden", "accessibilityElement",
    "accessibilityAddTraits", "accessibilityRemoveTraits", "accessibilitySortPriority",
    "accessibilityInputLabels", "accessibilityHeading", "accessibilityFocused", "accessibilityShowsLargeContentViewer",
    "accessibilityRespondsToUserInteraction", "accessibilityIgnoresInvertColors", "accessibilityCustomContent",
    "accessibilityTextContentType", "accessibilityLinkedGroup", "accessibilityDirectTouch", "accessibilityZoomAction",
    "accessibility",
    "dynamicTypeSize", "modifier", "onAppear", "onDisappear", "onTapGesture", "onChange", "task", "gesture",
    "simultaneousGesture", "highPriorityGesture", "refreshable", "searchable", "sheet", "popover", "alert",
    "confirmationDialog", "fullScreenCover", "toolbar", "contextMenu", "overlay", "background", "mask",
    "swipeActions", "safeAreaInset", "navigationDestination", "tabItem", "containerShape", "coordinateSpace",
    "geometryGroup", "contentTransition", "sensoryFeedback", "privacySensitive", "materialActiveAppearance",
    "backgroundStyle", "listItemTint", "containerRelativeFrame", "visualEffect", "scrollTransition",
    "matchedTransitionSource", "navigationTransition", "persistentSystemOverlays", "defersSystemGestures",
    "menuIndicator", "menuOrder", "menuActionDismissBehavior", "fileImporter", "fileExporter",
    "onDrop", "onDrag", "draggable", "dropDestination", "onHover", "onSubmit", "onReceive", "onOpenURL",
    "onDelete", "onMove", "onLongPressGesture", "onKeyPress", "alignmentGuide", "transaction", "equatable",
    "erased", "eraseToAnyView", "gridCellColumns", "gridColumnAlignment", "gridCellAnchor",
    "inspector", "inspectorColumnWidth", "navigationSplitViewColumnWidth", "navigationSplitViewStyle",
    "searchSuggestions", "searchScopes", "accessibilityAction", "accessibilityActions",
    "accessibilityRepresentation", "accessibilityChildren", "accessibilityRotor", "accessibilityAdjustableAction",
    "preference", "onPreferenceChange", "anchorPreference", "overlayPreferenceValue", "backgroundPreferenceValue",
    "listRowBackground", "presentationBackground", "containerBackground", "windowResizability",
    "defaultSize", "commands", "handlesExternalEvents", "windowStyle", "windowToolbarStyle",
  ]

  /// Type names whose calls run code rather than build views (`Task { … }`), and name endings
  /// that mark such types (`…Manager`, `…Generator`).
  static let actionTypes: Set<String> = ["Task", "DispatchQueue", "Timer", "NotificationCenter", "UserDefaults"]
  static let actionTypeSuffixes = [
    "Generator", "Manager", "Center", "Queue", "Session", "Service", "Client", "Logger", "Formatter", "Encoder",
    "Decoder", "Request", "Error", "Controller", "Delegate",
  ]

  /// Types that hold values, never views: a member of one of these types is not read for views.
  static let valueTypes: Set<String> = [
    "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
    "Float", "CGFloat", "Decimal", "String", "Substring", "Character", "URL", "Date", "Data", "UUID", "CGSize",
    "CGPoint", "CGRect", "CGVector", "Set", "Array", "Dictionary", "Optional", "Void", "Never", "Font", "Binding",
    "Result", "Error", "TimeInterval", "Duration", "Locale", "TimeZone", "Calendar", "DateComponents",
    "AttributedString", "NSAttributedString", "LocalizedStringKey", "LocalizedStringResource", "Angle",
    "Animation", "Transaction", "EdgeInsets", "UnitPoint", "Alignment", "HorizontalAlignment",
    "VerticalAlignment", "Edge", "Axis", "ColorScheme", "Gradient", "Any", "AnyObject", "Range", "ClosedRange",
    "IndexSet", "IndexPath", "Task", "AnyCancellable", "Published", "Notification", "NSRange", "NSNumber",
    "Measurement", "DateInterval", "ContentSizeCategory", "DynamicTypeSize",
  ]

  /// Attributes that decorate a property without being its property wrapper.
  static let nonWrapperAttributes: Set<String> = [
    "Sendable", "IBOutlet", "IBInspectable", "IBAction", "IBSegueAction", "NSManaged", "NSCopying", "GKInspectable",
    "ObservationIgnored", "ObservationTracked", "Entry", "Attribute", "Relationship", "Transient", "Test",
    "Previewable", "Model", "Observable", "UIApplicationMain", "NSApplicationMain", "Suite",
  ]

  private static func table(_ entries: [String: [String]]) -> [String: [Signature]] {
    entries.mapValues { $0.map(Signature.init) }
  }
}
