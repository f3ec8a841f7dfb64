import SwiftUI

struct OnboardingPage: View {
    let isLast: Bool

    var body: some View {
        ScrollView {
            if isLast {
                // v image.basic/informative-name
                Image("img_onboarding_3")
            } else {
                ZStack {
                    Color.blue
                    Image("welcome-illustration").padding()  // <- image.basic/informative-name
                }
            }
        }
    }
}
